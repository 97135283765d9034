; extends
; levls: NetHack special levels (MiniHack's des-files) written in Python
; strings get the `nethack` parser (:LevlsInstallParsers), as the levls
; server finds them (server/src/formats/embedded/python.rs): a string passed
; as `des_file=`, assigned to a level's name (`des_file`, `*_des`, `des`,
; `level`, any case; `x = …` or `self.x = …`), or whose text starts with a
; MAZE:/LEVEL: header. A named string must span lines (`des_file="x.des"`
; is a path). Escape sequences and f-string `{…}` stay Python's.
; (#match? tests a very magic Vim regex on the node's first line, so the
; text's tests are #lua-match? Lua patterns, one per header word.)

(keyword_argument
  name: (identifier) @_name
  value: (string
    (string_content) @injection.content)
  (#match? @_name "\\c(des_file|_des$|^des$|^level$)")
  (#lua-match? @injection.content "\n")
  (#set! injection.language "nethack"))

(assignment
  left: [
    (identifier) @_name
    (attribute
      attribute: (identifier) @_name)
  ]
  right: (string
    (string_content) @injection.content)
  (#match? @_name "\\c(des_file|_des$|^des$|^level$)")
  (#lua-match? @injection.content "\n")
  (#set! injection.language "nethack"))

((string_content) @injection.content
  (#lua-match? @injection.content "^%s*MAZE%s*:")
  (#set! injection.language "nethack"))

((string_content) @injection.content
  (#lua-match? @injection.content "^%s*LEVEL%s*:")
  (#set! injection.language "nethack"))
