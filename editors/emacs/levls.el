;;; levls.el --- Major modes and Eglot setup for levls' game level formats  -*- lexical-binding: t; -*-

;; Version: 0.1.0
;; Package-Requires: ((emacs "28.1"))
;; Keywords: languages, games
;; SPDX-License-Identifier: MIT

;;; Commentary:

;; Major modes for the formats the levls language server reads, and
;; their entries in `eglot-server-programs' (one `levls --stdio' serves
;; them all):
;;
;;   levls-derf-mode             DERF rooms          .derf .der, first line DERF:
;;   levls-frupal-mode           Frupal maps         .fmap, first line Frupal_Kingdom:
;;   levls-wuas-mode             WUAS datafiles      .dat whose content is a WUAS board
;;   levls-nethack-mode          NetHack .des        .des, first line MAZE: / LEVEL:
;;   levls-dungeon-def-mode      NetHack dungeon.def a .def with a DUNGEON: line
;;   levls-dungeon-mystery-mode  dungeon-mystery     .dungeoneer.json .dm.json
;;   levls-nethack-lua-mode      NetHack 5.0 Lua     a .lua with a line starting des.
;;   levls-nethack-dungeon-lua-mode  NetHack 5.0 dungeon.lua  a .lua with a line starting dungeon = {
;;
;; The list of languages is editors/languages.json in the levls
;; repository; editors/emacs/test/levls-test.el checks this file against
;; it.  Usage:
;;
;;   (add-to-list 'load-path "/path/to/levls/editors/emacs")
;;   (require 'levls)
;;   (add-hook 'levls-mode-hook #'eglot-ensure)   ; every levls mode runs it
;;
;; The server binary is `levls-server-command' (default: levls on PATH).
;; Settings (docs/settings.md; a levls.toml above the file wins) go in
;; Eglot's workspace configuration, e.g. for MiniHack levels:
;;
;;   (setq-default eglot-workspace-configuration
;;                 '(:levls (:nethack (:dialect "auto" :variant "minihack"))))
;;
;; MiniHack levels inside Python strings, beside your Python server
;; (a Flymake backend running `levls check'):
;;
;;   (add-hook 'python-mode-hook #'levls-python-setup)

;;; Code:

(defgroup levls nil
  "Editing game level files with the levls language server."
  :group 'languages
  :prefix "levls-")

(defcustom levls-server-command '("levls" "--stdio")
  "Command line that starts the levls language server over stdio."
  :type '(repeat string))

(defvar levls-mode-hook nil
  "Hook run by every levls major mode, after its own hook.
Put `eglot-ensure' (or `lsp-deferred') here to start the server.")

(defconst levls-language-ids
  '((levls-derf-mode . "derf")
    (levls-frupal-mode . "frupal")
    (levls-wuas-mode . "wuas")
    (levls-nethack-mode . "nethack-des")
    (levls-dungeon-def-mode . "nethack-dungeon-def")
    (levls-dungeon-mystery-mode . "dungeon-mystery")
    (levls-nethack-lua-mode . "nethack-lua")
    (levls-nethack-dungeon-lua-mode . "nethack-dungeon-lua"))
  "Each levls major mode and the LSP languageId it sends.")

;;; Comments

(defun levls--hash-comment-syntax (table)
  "Make `#' start a comment to the end of the line in syntax TABLE."
  (modify-syntax-entry ?# "<" table)
  (modify-syntax-entry ?\n ">" table)
  table)

(defun levls--setup-hash-comments ()
  "Set the comment variables for a `#' line-comment format."
  (setq-local comment-start "# ")
  (setq-local comment-start-skip "#+[ \t]*")
  (setq-local comment-end ""))

;;; DERF

(defvar levls-derf-font-lock-keywords
  '(("\\`\\(?:\uFEFF\\)?\\([^ \t\n:]*:\\)" 1 font-lock-preprocessor-face)
    ("^\\(?:Flags\\|Containers\\):" . font-lock-keyword-face)
    ("\\([-+]\\)\\([^ \t\n]+\\)"
     (1 font-lock-builtin-face) (2 font-lock-constant-face))
    ("^\\([^ \t\n:+-][^ \t\n:]*\\):" 1 font-lock-type-face))
  "Highlighting for DERF (the tree-sitter queries are richer).")

;;;###autoload
(define-derived-mode levls-derf-mode text-mode "DERF"
  "Major mode for DERF room files (no comment syntax)."
  (setq-local font-lock-defaults '(levls-derf-font-lock-keywords t))
  (run-hooks 'levls-mode-hook))

;;; Frupal

(defvar levls-frupal-mode-syntax-table
  (let ((table (make-syntax-table)))
    ;; `"' and `~' are terrain characters, not string delimiters.
    (modify-syntax-entry ?\" "." table)
    (modify-syntax-entry ?' "." table)
    (levls--hash-comment-syntax table))
  "Syntax table of `levls-frupal-mode'.")

(defvar levls-frupal-font-lock-keywords
  '(("^Frupal_Kingdom:" . font-lock-preprocessor-face)
    ("^[^ \t\n#.=\"~][^ \t\n]*" . font-lock-keyword-face)
    ("\\_<[+-]?[0-9]+\\_>" . font-lock-constant-face))
  "Highlighting for Frupal maps.")

;;;###autoload
(define-derived-mode levls-frupal-mode prog-mode "Frupal"
  "Major mode for Kingdom of Frupal maps."
  :syntax-table levls-frupal-mode-syntax-table
  (levls--setup-hash-comments)
  (setq-local font-lock-defaults '(levls-frupal-font-lock-keywords))
  (run-hooks 'levls-mode-hook))

;;; WUAS

(defvar levls-wuas-mode-syntax-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?\" "." table)
    (modify-syntax-entry ?' "." table)
    (levls--hash-comment-syntax table))
  "Syntax table of `levls-wuas-mode'.")

(defvar levls-wuas-font-lock-keywords
  '(("^floor=" . font-lock-keyword-face)
    ("^\\([^:|\n]+\\):" 1 font-lock-variable-name-face)
    ("^[0-9]+[ \t]*$" . font-lock-constant-face)
    ("[+|-]" . font-lock-comment-delimiter-face))
  "Highlighting for WUAS datafiles.")

;;;###autoload
(define-derived-mode levls-wuas-mode prog-mode "WUAS"
  "Major mode for WUAS (Wish Upon A Star) datafiles."
  :syntax-table levls-wuas-mode-syntax-table
  (levls--setup-hash-comments)
  (setq-local font-lock-defaults '(levls-wuas-font-lock-keywords))
  (run-hooks 'levls-mode-hook))

;;;###autoload
(defun levls-wuas-buffer-p ()
  "Non-nil if the current buffer visits a `.dat' file that is a WUAS board.
As the server decides: comments, an optional blank line, a number (the
version), then within 200 lines a board border or a `floor=' line."
  (and buffer-file-name
       (string-match-p "\\.dat\\'" buffer-file-name)
       (save-excursion
         (save-restriction
           (widen)
           (goto-char (point-min))
           (when (looking-at "\uFEFF") (forward-char 1))
           (while (and (not (eobp)) (looking-at "#")) (forward-line 1))
           (when (looking-at "[ \t]*$") (forward-line 1))
           (and (looking-at "[ \t]*[-+]?[0-9][0-9_.]*[ \t]*$")
                (progn
                  (forward-line 1)
                  (let ((limit (save-excursion (forward-line 199) (point))))
                    (re-search-forward
                     "^[ \t]*\\(?:\\+-.*\\+[ \t]*$\\|floor=\\)" limit t))))))))

(defcustom levls-wuas-override-text-mode t
  "Non-nil: a WUAS `.dat' opens in `levls-wuas-mode' despite a Text mode line.
WUAS datafiles usually start with `# -*- mode: Text; truncate-lines: t -*-',
which Emacs obeys before any file-name or content rule."
  :type 'boolean)

(defun levls-wuas-maybe-switch ()
  "Switch a `text-mode' buffer that visits a WUAS datafile to `levls-wuas-mode'.
On `text-mode-hook', for files whose mode line asks for Text mode."
  (when (and levls-wuas-override-text-mode
             (eq major-mode 'text-mode)
             (levls-wuas-buffer-p))
    (levls-wuas-mode)))

(add-hook 'text-mode-hook #'levls-wuas-maybe-switch)

;;; NetHack

(defvar levls-nethack-mode-syntax-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?' "\"" table)
    (modify-syntax-entry ?_ "_" table)
    (modify-syntax-entry ?$ "_" table)
    (levls--hash-comment-syntax table))
  "Syntax table of `levls-nethack-mode'.")

(defvar levls-nethack-font-lock-keywords
  '(("^\\(?:MAP\\|ENDMAP\\)[ \t]*$" . font-lock-keyword-face)
    ("^[ \t]*\\(?:\\[[^]\n]*\\][ \t]*:[ \t]*\\)?\\([A-Z][A-Z_]*\\)\\_>"
     1 font-lock-keyword-face)
    ("\\$[A-Za-z_][A-Za-z0-9_]*" . font-lock-variable-name-face)
    ("\\_<\\(?:random\\|none\\|true\\|false\\)\\_>" . font-lock-builtin-face)
    ("\\[[ \t]*[+-]?[0-9]+%[ \t]*\\]" . font-lock-constant-face))
  "Highlighting for NetHack special levels.")

;;;###autoload
(define-derived-mode levls-nethack-mode prog-mode "NetHack-des"
  "Major mode for NetHack special-level files (lev_comp .des), 3.4.3 and 3.6."
  :syntax-table levls-nethack-mode-syntax-table
  (levls--setup-hash-comments)
  (setq-local font-lock-defaults '(levls-nethack-font-lock-keywords))
  (run-hooks 'levls-mode-hook))

;;; NetHack dungeon.def

(defvar levls-dungeon-def-mode-syntax-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?\" "\"" table)
    (modify-syntax-entry ?_ "_" table)
    (levls--hash-comment-syntax table))
  "Syntax table of `levls-dungeon-def-mode'.")

(defvar levls-dungeon-def-font-lock-keywords
  '(("^[%^][^\n]*" . font-lock-preprocessor-face)
    ("^[ \t]*\([A-Z][A-Z_]*\)[ \t]*:" 1 font-lock-keyword-face)
    ("\\_<\\(?:up\\|down\\|stair\\|portal\\|no_up\\|no_down\\|town\\|hellish\\|mazelike\\|roguelike\\|lawful\\|neutral\\|chaotic\\|unaligned\\|noalign\\)\\_>"
     . font-lock-builtin-face)
    ("[@+]" . font-lock-constant-face))
  "Highlighting for NetHack dungeon descriptions (dgn_comp input).")

(defun levls-dungeon-def-buffer-p ()
  "Whether the buffer is a `.def' whose content is a dungeon description.
As the server decides: a `DUNGEON:' line, maybe behind a `%' option."
  (and buffer-file-name
       (string-match-p "\\.def\\'" buffer-file-name)
       (save-excursion
         (goto-char (point-min))
         (re-search-forward "^\\(?:%[A-Z_]*[ \t]+\\)?DUNGEON[ \t]*:" nil t))))

;;;###autoload
(define-derived-mode levls-dungeon-def-mode prog-mode "NetHack-dungeon"
  "Major mode for NetHack dungeon descriptions (dgn_comp's dungeon.def)."
  :syntax-table levls-dungeon-def-mode-syntax-table
  (levls--setup-hash-comments)
  (setq-local font-lock-defaults '(levls-dungeon-def-font-lock-keywords))
  (run-hooks 'levls-mode-hook))

;;; dungeon-mystery (JSON)

(defalias 'levls--json-base-mode
  (cond ((fboundp 'js-json-mode) #'js-json-mode) ; Emacs 29+
        ((fboundp 'json-mode) #'json-mode)       ; the json-mode package
        (t #'js-mode))
  "The JSON mode `levls-dungeon-mystery-mode' derives from.")

;;;###autoload
(define-derived-mode levls-dungeon-mystery-mode levls--json-base-mode
  "DungeonMystery"
  "Major mode for dungeon-mystery floor parameters (JSON, no comments)."
  (setq-local comment-start nil)
  (setq-local comment-start-skip nil)
  (run-hooks 'levls-mode-hook))

;;; NetHack 5.0 Lua levels

(defalias 'levls--lua-base-mode
  (cond ((fboundp 'lua-ts-mode) #'lua-ts-mode) ; Emacs 30+
        ((fboundp 'lua-mode) #'lua-mode)       ; the lua-mode package
        (t #'prog-mode))
  "The Lua mode `levls-nethack-lua-mode' derives from.")

(defun levls-nethack-lua-buffer-p ()
  "Whether the buffer is a `.lua' file that is a NetHack 5.0 level.
As the server decides: a line that starts with `des.'."
  (and buffer-file-name
       (string-match-p "\\.lua\\'" buffer-file-name)
       (save-excursion
         (goto-char (point-min))
         (re-search-forward "^des\\." nil t))))

;;;###autoload
(define-derived-mode levls-nethack-lua-mode levls--lua-base-mode "NetHack-Lua"
  "Major mode for NetHack 5.0 special levels: Lua scripts calling `des.*'."
  (setq-local comment-start "-- ")
  (setq-local comment-start-skip "--+[ \t]*")
  (run-hooks 'levls-mode-hook))

(defun levls-nethack-dungeon-lua-buffer-p ()
  "Whether the buffer is a `.lua' file that is NetHack 5.0's dungeon layout.
As the server decides: a line that starts with `dungeon = {'."
  (and buffer-file-name
       (string-match-p "\\.lua\\'" buffer-file-name)
       (save-excursion
         (goto-char (point-min))
         (re-search-forward "^dungeon[ \t]*=[ \t]*{" nil t))))

;;;###autoload
(define-derived-mode levls-nethack-dungeon-lua-mode levls--lua-base-mode "NetHack-Dungeon"
  "Major mode for NetHack 5.0's dungeon layout, `dungeon.lua'."
  (setq-local comment-start "-- ")
  (setq-local comment-start-skip "--+[ \t]*")
  (run-hooks 'levls-mode-hook))

;;; File associations

;;;###autoload
(progn
  (add-to-list 'auto-mode-alist '("\\.der\\(?:f\\)?\\'" . levls-derf-mode))
  (add-to-list 'auto-mode-alist '("\\.fmap\\'" . levls-frupal-mode))
  (add-to-list 'auto-mode-alist '("\\.des\\'" . levls-nethack-mode))
  (add-to-list 'auto-mode-alist
               '("\\.\\(?:dungeoneer\\|dm\\)\\.json\\'" . levls-dungeon-mystery-mode))
  ;; The first lines of editors/languages.json (`firstLine').
  (add-to-list 'magic-mode-alist '("\\`\\(?:\uFEFF\\)?DERF:" . levls-derf-mode))
  (add-to-list 'magic-mode-alist '("\\`Frupal_Kingdom:[ \t]*$" . levls-frupal-mode))
  (add-to-list 'magic-mode-alist '("\\`\\(?:MAZE\\|LEVEL\\)[ \t]*:" . levls-nethack-mode))
  ;; A .dat is WUAS only by its content (other games use .dat too), and a
  ;; .def a dungeon description only by its DUNGEON: lines.
  (add-to-list 'magic-mode-alist '(levls-wuas-buffer-p . levls-wuas-mode))
  (add-to-list 'magic-mode-alist '(levls-dungeon-def-buffer-p . levls-dungeon-def-mode))
  ;; A .lua is a NetHack 5.0 level only by its top-level des. calls.
  (add-to-list 'magic-mode-alist '(levls-nethack-lua-buffer-p . levls-nethack-lua-mode))
  ;; And NetHack 5.0's dungeon layout only by its `dungeon = {' line.
  (add-to-list 'magic-mode-alist
               '(levls-nethack-dungeon-lua-buffer-p . levls-nethack-dungeon-lua-mode)))

;;; Eglot

(defun levls--eglot-contact (&rest _)
  "The levls server command, for `eglot-server-programs'."
  levls-server-command)

(with-eval-after-load 'eglot
  (defvar eglot-server-programs)
  ;; One entry per mode, so that one server per language and project is
  ;; started: Eglot before 1.16 sends the languageId of the mode that
  ;; started a server for every buffer it manages.
  (dolist (pair (reverse levls-language-ids))
    (add-to-list 'eglot-server-programs
                 (cons (list (car pair) :language-id (cdr pair))
                       #'levls--eglot-contact))))

;;; MiniHack levels in Python buffers (opt-in)

;; Eglot manages a buffer with one server, the Python one, so levls reaches
;; the levels inside Python strings as a Flymake backend of its own, beside
;; Eglot's: `levls check --format json' on the buffer's text.  Opt in with
;;
;;   (add-hook 'python-mode-hook #'levls-python-setup)
;;   (add-hook 'python-ts-mode-hook #'levls-python-setup)

(defcustom levls-python-mentions "[Mm]ini[Hh]ack\\|\\(?:MAZE\\|LEVEL\\)[ \t]*:"
  "Regexp: a Python buffer whose text matches may hold levls' levels.
The `mentions' of editors/languages.json's `hosts': MiniHack's name or a
level's header."
  :type 'regexp)

(declare-function flymake-make-diagnostic "flymake")
(declare-function flymake-mode "flymake")
(defvar flymake-diagnostic-functions)

(defvar-local levls--python-process nil
  "The running `levls check' of this buffer's levels.")

(defun levls--python-diagnostics (buffer json)
  "Flymake diagnostics in BUFFER from `levls check --format json' output JSON.
Lines and columns there are 1-based, columns in characters."
  (with-current-buffer buffer
    (save-restriction
      (widen)
      (mapcar
       (lambda (d)
         (let ((pos (lambda (line column)
                      (save-excursion
                        (goto-char (point-min))
                        (forward-line (1- line))
                        (min (line-end-position) (+ (point) (1- column)))))))
           (let ((beg (funcall pos (alist-get 'line d) (alist-get 'column d)))
                 (end (funcall pos (alist-get 'end_line d) (alist-get 'end_column d))))
             (flymake-make-diagnostic
              buffer beg (max end (1+ beg))
              (pcase (alist-get 'severity d)
                ("error" :error) ("warning" :warning) (_ :note))
              (format "%s [%s]" (alist-get 'message d) (alist-get 'code d))))))
       (append json nil)))))

(defun levls-python-flymake (report-fn &rest _)
  "Flymake backend: the levels in this Python buffer, as `levls check' sees them.
The buffer's text goes to a temporary .py file (so a levls.toml beside the
file is not read; the defaults apply)."
  (when (process-live-p levls--python-process)
    (kill-process levls--python-process))
  (let* ((buffer (current-buffer))
         (dir (make-temp-file "levls-python-" t))
         (file (expand-file-name
                (if buffer-file-name (file-name-nondirectory buffer-file-name) "buffer.py")
                dir))
         (output (generate-new-buffer " *levls check*")))
    (unless (string-suffix-p ".py" file) (setq file (concat file ".py")))
    (save-restriction
      (widen)
      (let ((coding-system-for-write 'utf-8-unix))
        (write-region (point-min) (point-max) file nil 'silent)))
    (setq levls--python-process
          (make-process
           :name "levls check" :buffer output :noquery t :connection-type 'pipe
           :command (list (car levls-server-command) "check" "--format" "json" file)
           :sentinel
           (lambda (process _event)
             (unless (process-live-p process)
               (unwind-protect
                   (when (and (buffer-live-p buffer)
                              (eq process (buffer-local-value 'levls--python-process buffer)))
                     (condition-case err
                         (funcall report-fn
                                  (levls--python-diagnostics
                                   buffer (with-current-buffer output
                                            ;; Past anything on stderr, which shares the buffer.
                                            (goto-char (point-min))
                                            (re-search-forward "^\\[" nil t)
                                            (forward-line 0)
                                            (json-read))))
                       (error (funcall report-fn :panic :explanation (format "levls check: %S" err)))))
                 (kill-buffer output)
                 (delete-directory dir t))))))))

(defun levls-python-setup ()
  "Check the levels inside this Python buffer's strings with levls.
Only when its text matches `levls-python-mentions'; adds
`levls-python-flymake' to the buffer's Flymake backends (Eglot's stay)."
  (when (save-excursion
          (save-restriction
            (widen)
            (goto-char (point-min))
            (re-search-forward levls-python-mentions nil t)))
    (require 'flymake)
    (require 'json)
    (add-hook 'flymake-diagnostic-functions #'levls-python-flymake nil t)
    (flymake-mode 1)))

;;; Map preview

(declare-function eglot-current-server "eglot")
(declare-function eglot--TextDocumentIdentifier "eglot")
(declare-function eglot--signal-textDocument/didChange "eglot")
(declare-function jsonrpc-request "jsonrpc")

(defcustom levls-preview-samples 0
  "How many levels the game should generate from the text for the map preview.
NetHack: made by the real NetHack in your own MiniHack (the nethack.python
setting, else the virtualenv in VIRTUAL_ENV, else python3), shown beside the
map, or the game's reason for none.  0: none."
  :type 'natnum)

(defvar-local levls--preview-file nil
  "The HTML page of this buffer's map preview, once written.")
(defvar-local levls--preview-timer nil
  "The pending rewrite of the preview page after a change.")

(defun levls--preview-html ()
  "The map page of the current buffer, as HTML, or signal why there is none.
Through Eglot's server when it manages the buffer (the text as it is,
saved or not), else `levls render' on the file."
  (if (and (fboundp 'eglot-current-server) (eglot-current-server))
      (let ((server (eglot-current-server)))
        ;; Send what was typed since the last didChange first.
        (when (fboundp 'eglot--signal-textDocument/didChange)
          (eglot--signal-textDocument/didChange))
        (let* ((answer (jsonrpc-request server :levls/render
                                        `(:textDocument ,(eglot--TextDocumentIdentifier)
                                          :include ["html"]
                                          ,@(when (> levls-preview-samples 0)
                                              `(:samples ,levls-preview-samples)))
                                        ;; Samples wait for Python (30 s at most).
                                        :timeout 40))
               (html (and answer (plist-get answer :html))))
          (unless (stringp html)
            (user-error "levls: this file has no map picture"))
          html))
    (unless buffer-file-name
      (user-error "levls: save the buffer, or start Eglot, to draw its map"))
    (with-temp-buffer
      (let* ((errors (make-temp-file "levls-render-"))
             (samples (when (> levls-preview-samples 0)
                        (list "--samples" (number-to-string levls-preview-samples))))
             (status (apply #'call-process (car levls-server-command) nil (list t errors) nil
                            "render" (expand-file-name buffer-file-name) samples)))
        (unwind-protect
            ;; 1: the page is written and says why the game made no sample.
            (if (or (eq status 0) (and samples (eq status 1)))
                (buffer-string)
              (user-error "%s" (string-trim
                                (with-temp-buffer (insert-file-contents errors) (buffer-string)))))
          (delete-file errors))))))

(defun levls--preview-write ()
  "Write the current buffer's map page; return its file name."
  (let ((html (levls--preview-html))
        (file (or levls--preview-file (make-temp-file "levls-map-" nil ".html"))))
    (let ((coding-system-for-write 'utf-8-unix))
      (write-region html nil file nil 'silent))
    (setq levls--preview-file file)))

(defun levls--preview-changed (&rest _)
  "Rewrite the preview page once typing pauses (after-change hook)."
  (when (timerp levls--preview-timer)
    (cancel-timer levls--preview-timer))
  (let ((buffer (current-buffer)))
    (setq levls--preview-timer
          (run-at-time 0.5 nil
                       (lambda ()
                         (when (buffer-live-p buffer)
                           (with-current-buffer buffer
                             (setq levls--preview-timer nil)
                             (condition-case err
                                 (levls--preview-write)
                               (error (message "levls: %s" (error-message-string err)))))))))))

;;;###autoload
(defun levls-map-preview ()
  "Draw the map of the current buffer as an HTML page and open it in a browser.
The page is written again after each pause in typing: reload it to see the
change. `levls-map-preview-stop' ends that."
  (interactive)
  (let ((file (levls--preview-write)))
    (add-hook 'after-change-functions #'levls--preview-changed nil t)
    (browse-url (concat "file://" file))
    (message "levls: map page in %s (written again as you type)" file)
    file))

(defun levls-map-preview-stop ()
  "Stop rewriting the current buffer's map page."
  (interactive)
  (remove-hook 'after-change-functions #'levls--preview-changed t)
  (when (timerp levls--preview-timer)
    (cancel-timer levls--preview-timer)))

(provide 'levls)
;;; levls.el ends here
