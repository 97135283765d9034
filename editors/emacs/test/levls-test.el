;;; levls-test.el --- levls.el and levls --stdio through Eglot, in batch  -*- lexical-binding: t; -*-

;; Run by scripts/test-emacs:
;;
;;   LEVLS_ROOT=/path/to/levls LEVLS_BIN=/path/to/levls \
;;     emacs --batch -Q -l editors/emacs/test/levls-test.el
;;
;; For each format it opens real files (examples/ and, when present,
;; shared/corpus/) and temporary files with a known error, starts Eglot
;; (a UTF-16 client: Eglot 1.9 offers no positionEncodings), waits for
;; the diagnostics through Flymake and checks them, asks for a hover, and
;; checks that a diagnostic after non-ASCII text (accents and a character
;; outside the BMP, two UTF-16 code units) lands on the right character.
;; Every check prints "ok" or "FAIL"; the exit status is the number of
;; failures (0: all passed).

;;; Code:

(require 'package)
(package-initialize)                    ; Eglot from package.el, if installed so
;; Debian's elpa-eglot (Emacs 28 has no built-in Eglot): with -Q, Debian's
;; site-wide package directory is not activated.
(dolist (dir (file-expand-wildcards "/usr/share/emacs/site-lisp/elpa/*"))
  (when (file-directory-p dir) (add-to-list 'load-path dir)))

(require 'cl-lib)
(require 'json)
(require 'subr-x)

(defvar levls-test-root
  (file-name-as-directory
   (or (getenv "LEVLS_ROOT")
       (expand-file-name "../../.." (file-name-directory load-file-name)))))

(add-to-list 'load-path (expand-file-name "editors/emacs" levls-test-root))
(require 'levls)
(require 'eglot)
(require 'flymake)

(defvar levls-test-bin
  (or (getenv "LEVLS_BIN") (expand-file-name "target/debug/levls" levls-test-root)))
(defvar levls-test-corpus
  (file-name-as-directory
   (or (getenv "LEVLS_CORPUS") (expand-file-name "../shared/corpus" levls-test-root))))
(defvar levls-test-timeout 20 "Seconds to wait for the server.")

(setq levls-server-command (list levls-test-bin "--stdio"))
;; No reconnecting: on a loaded machine the final `eglot-shutdown-all' may
;; time out and kill a server, which Eglot would restart while Emacs exits
;; (its reply to the new server's first request then fails, exit 255).
(setq eglot-sync-connect t
      eglot-autoshutdown nil
      eglot-autoreconnect nil
      eglot-events-buffer-size 0
      flymake-no-changes-timeout 0.5
      inhibit-message nil)

(defvar levls-test--published nil
  "Files for which the server has published diagnostics, most recent first.")

(advice-add 'eglot-handle-notification :after
            (lambda (_server method &rest params)
              (when (eq method 'textDocument/publishDiagnostics)
                (push (file-truename (eglot--uri-to-path (plist-get params :uri)))
                      levls-test--published))))

(defvar levls-test-passed 0)
(defvar levls-test-failed 0)

(defun levls-test--check (ok what &rest detail)
  "Count and print the check WHAT; OK is its outcome, DETAIL printed on failure."
  (if ok
      (progn (cl-incf levls-test-passed) (message "ok   %s" what))
    (cl-incf levls-test-failed)
    (message "FAIL %s%s" what
             (if detail (concat ": " (apply #'format detail)) "")))
  ok)

(defun levls-test--wait (pred &optional timeout)
  "Run the event loop until PRED is non-nil or TIMEOUT seconds pass."
  (let ((deadline (+ (float-time) (or timeout levls-test-timeout)))
        value)
    (while (and (not (setq value (funcall pred)))
                (< (float-time) deadline))
      (accept-process-output nil 0.05))
    value))

(defun levls-test--temp-file (name content)
  "Write CONTENT (UTF-8) to a fresh temporary directory's NAME; return its path."
  (let* ((dir (make-temp-file "levls-emacs-" t))
         (file (expand-file-name name dir)))
    (let ((coding-system-for-write 'utf-8-unix))
      (write-region content nil file nil 'silent))
    file))

(defun levls-test--open (file mode)
  "Visit FILE, check it is in MODE, start Eglot and wait for Flymake's report.
Return the buffer, or nil if the server never reported."
  (let ((buf (find-file-noselect file)))
    (with-current-buffer buf
      (levls-test--check (eq major-mode mode)
                         (format "%s opens in %s" (file-name-nondirectory file) mode)
                         "got %s" major-mode)
      (when (eq major-mode mode)
        (apply #'eglot--connect (eglot--guess-contact))
        (levls-test--wait (lambda () eglot--managed-mode))
        (levls-test--check (and eglot--managed-mode (eglot-current-server))
                           (format "%s: Eglot manages the buffer" (file-name-nondirectory file)))
        (levls-test--check
         (levls-test--wait
          (lambda ()
            (unless (memq 'eglot-flymake-backend (flymake-running-backends))
              (flymake-start))
            (and (member (file-truename buffer-file-name) levls-test--published)
                 (memq 'eglot-flymake-backend (flymake-reporting-backends)))))
         (format "%s: diagnostics published and reported through Flymake"
                 (file-name-nondirectory file)))))
    buf))

(defun levls-test--diagnostics (buf)
  "The Flymake diagnostics of BUF as (LINE COLUMN TEXT TYPE MARKED).
LINE is 1-based; COLUMN counts characters from the line's start (not
display columns, where the dragon below is 2 wide)."
  (with-current-buffer buf
    (mapcar (lambda (d)
              (save-excursion
                (goto-char (flymake-diagnostic-beg d))
                (list (line-number-at-pos) (- (point) (line-beginning-position))
                      (flymake-diagnostic-text d)
                      (flymake-diagnostic-type d)
                      (buffer-substring-no-properties (flymake-diagnostic-beg d)
                                                      (flymake-diagnostic-end d)))))
            (flymake-diagnostics))))

(defun levls-test--expect-diagnostic (buf line column regexp &optional marked)
  "Check that BUF has a diagnostic at LINE (1-based), COLUMN (characters)
whose message matches REGEXP and, if MARKED, whose range is that text."
  (let* ((name (file-name-nondirectory (buffer-file-name buf)))
         (match (lambda ()
                  (cl-find-if (lambda (d) (string-match-p regexp (nth 2 d)))
                              (levls-test--diagnostics buf))))
         (found (levls-test--wait
                 (lambda ()
                   (or (funcall match)
                       (with-current-buffer buf
                         (unless (flymake-running-backends) (flymake-start))
                         nil)))))
         (diags (levls-test--diagnostics buf)))
    (levls-test--check found (format "%s: a diagnostic matching %S" name regexp)
                       "got %S" diags)
    (when found
      (levls-test--check (equal (list (nth 0 found) (nth 1 found)) (list line column))
                         (format "%s: it is at line %d, column %d" name line column)
                         "at line %d, column %d" (nth 0 found) (nth 1 found))
      (when marked
        (levls-test--check (equal (nth 4 found) marked)
                           (format "%s: it marks %S" name marked)
                           "marks %S" (nth 4 found))))))

(defun levls-test--expect-clean (buf)
  "Check that BUF has no error diagnostic."
  (let ((errors (cl-remove-if-not (lambda (d) (memq (nth 3 d) '(:error eglot-error)))
                                  (levls-test--diagnostics buf))))
    (levls-test--check (null errors)
                       (format "%s: no error" (file-name-nondirectory (buffer-file-name buf)))
                       "%S" errors)))

(defun levls-test--hover-text (buf line column)
  "The hover text the server gives at LINE (1-based), COLUMN in BUF, or nil."
  (with-current-buffer buf
    (save-excursion
      (goto-char (point-min))
      (forward-line (1- line))
      (forward-char column)
      (let* ((hover (jsonrpc-request (eglot--current-server-or-lose) :textDocument/hover
                                     (eglot--TextDocumentPositionParams)))
             (contents (and hover (plist-get hover :contents))))
        (cond ((null contents) nil)
              ((stringp contents) contents)
              ((plist-get contents :value))
              ((vectorp contents)
               (mapconcat (lambda (c) (if (stringp c) c (plist-get c :value))) contents "\n")))))))

(defun levls-test--expect-hover (buf line column regexp)
  "Check that the hover at LINE, COLUMN of BUF matches REGEXP."
  (let ((text (condition-case err (levls-test--hover-text buf line column)
                (error (format "error %S" err)))))
    (when (getenv "LEVLS_TEST_VERBOSE") (message "     hover: %S" text))
    (levls-test--check (and text (string-match-p regexp text))
                       (format "%s: hover at %d:%d matches %S"
                               (file-name-nondirectory (buffer-file-name buf)) line column regexp)
                       "got %S" text)))

(defun levls-test--corpus (relative)
  "RELATIVE in the shared corpus, or nil (with a note) if it is not there."
  (let ((file (expand-file-name relative levls-test-corpus)))
    (if (file-readable-p file) file
      (message "skip %s (no shared corpus here)" relative)
      nil)))

;;; The list of languages agrees with editors/languages.json

(defun levls-test--languages-json ()
  (let ((json-object-type 'alist) (json-array-type 'list) (json-key-type 'symbol))
    (alist-get 'languages
               (json-read-file (expand-file-name "editors/languages.json" levls-test-root)))))

(defun levls-test-languages ()
  (dolist (lang (levls-test--languages-json))
    (let* ((id (alist-get 'id lang))
           (mode (car (rassoc id levls-language-ids))))
      (levls-test--check mode (format "languages.json %s has a levls mode" id))
      (when mode
        (dolist (ext (alist-get 'extensions lang))
          (levls-test--check
           (eq (assoc-default (concat "level" ext) auto-mode-alist #'string-match) mode)
           (format "auto-mode-alist maps *%s to %s" ext mode)))
        (let ((comment (alist-get 'lineComment lang)))
          (with-temp-buffer
            (funcall mode)
            (levls-test--check
             (equal (and comment-start (string-trim comment-start)) comment)
             (format "%s comments with %S" mode comment)
             "comment-start is %S" comment-start)))))))

;;; Encoding

(defun levls-test-encoding (buf)
  (with-current-buffer buf
    (let* ((server (eglot-current-server))
           (offered (plist-get (plist-get (eglot-client-capabilities server) :general)
                               :positionEncodings))
           (chosen (plist-get (eglot--capabilities server) :positionEncoding)))
      (message "     Eglot %s offers positionEncodings %S; the server chose %S"
               (or (bound-and-true-p eglot-version)
                   (let ((lib (locate-library "eglot")))
                     (and lib (file-name-nondirectory (directory-file-name (file-name-directory lib))))))
               offered chosen)
      (if (null offered)
          (progn
            (levls-test--check (member chosen '(nil "utf-16"))
                               "position encoding is UTF-16 (Eglot offers no other)"
                               "server said %S" chosen)
            (levls-test--check (eq eglot-move-to-column-function
                                   #'eglot-move-to-lsp-abiding-column)
                               "Eglot counts columns in UTF-16 code units"))
        ;; A newer Eglot negotiates: the server must pick one it offered.
        (levls-test--check (member chosen (append offered nil))
                           "position encoding is one Eglot offered"
                           "server said %S, Eglot offered %S" chosen offered)))))

;;; The formats

(defun levls-test-derf ()
  (let ((buf (levls-test--open (expand-file-name "examples/derf/01-gate-of-cinders.derf"
                                                 levls-test-root)
                               'levls-derf-mode)))
    (levls-test--expect-clean buf)
    (levls-test--expect-hover buf 7 9 "\\*\\*dungeon_entrance\\*\\* — dungeon flag"))
  (let ((buf (levls-test--open
              (levls-test--temp-file "bad.derf"
                                     "DERF:0.1.0\nThe Hall\nShort.\nLong.\nFlags: +bogus_flag +north_exit\nContainers: room\nroom:torch\n")
              'levls-derf-mode)))
    (levls-test--expect-diagnostic buf 5 8 "unknown flag `bogus_flag`" "bogus_flag"))
  ;; A .der file detected by extension, and a file named otherwise by its first line.
  (levls-test--open (expand-file-name "examples/derf/02-shrine-of-saint-aube.der" levls-test-root)
                    'levls-derf-mode)
  (levls-test--open (levls-test--temp-file "room.txt" "DERF:0.1.0\nA room\nShort.\nFlags: +north_exit\n")
                    'levls-derf-mode))

(defun levls-test-frupal ()
  (let ((buf (levls-test--open (expand-file-name "examples/frupal/island.fmap" levls-test-root)
                               'levls-frupal-mode)))
    (levls-test--expect-clean buf)
    (levls-test--expect-hover buf 4 0 "terrain: <width> <height>"))
  (let ((buf (levls-test--open
              (levls-test--temp-file "bad.fmap"
                                     "Frupal_Kingdom:\n# Île de Pâques\nterrain: 3 2\n...\n...\nstart: 9 1\ndiamonds: 1 1\n")
              'levls-frupal-mode)))
    (levls-test--expect-diagnostic buf 6 7 "x = 9 is outside the map" "9"))
  (let ((file (levls-test--corpus "frupal/jnichols-pdx-frupal")))
    (when file
      (let ((first (car (directory-files-recursively file "\\.fmap\\'"))))
        ;; Real maps may have errors (this one has a tab in a row): only
        ;; check that it is recognised and diagnosed.
        (when first (levls-test--open first 'levls-frupal-mode))))))

(defun levls-test-preview ()
  "M-x levls-map-preview on the island: a page with the map, rewritten after an edit."
  (let* ((file (levls-test--temp-file
                "island.fmap"
                (with-temp-buffer
                  (insert-file-contents (expand-file-name "examples/frupal/island.fmap"
                                                          levls-test-root))
                  (buffer-string))))
         (buf (levls-test--open file 'levls-frupal-mode))
         opened)
    (with-current-buffer buf
      (cl-letf (((symbol-function 'browse-url) (lambda (url &rest _) (setq opened url))))
        (let* ((page (levls-map-preview))
               (food (lambda ()
                       (with-temp-buffer
                         (insert-file-contents page)
                         (- (how-many "\">F</text>" (point-min) (point-max))
                            (how-many "text-anchor=\"middle\">F</text>" (point-min) (point-max))))))
               (before (funcall food)))
          (levls-test--check (equal opened (concat "file://" page))
                             "levls-map-preview opens the page" "opened %S" opened)
          (levls-test--check (> before 0) "the page has the map's food" "%d" before)
          (goto-char (point-max))
          (insert "food: 10 10 3 10 An apple.\n")
          (levls-test--check (levls-test--wait (lambda () (= (funcall food) (1+ before))) 10)
                             "the page is rewritten after an unsaved edit"
                             "food %d, was %d" (funcall food) before)
          (levls-map-preview-stop)
          (set-buffer-modified-p nil))))))

(defun levls-test-preview-samples ()
  "M-x levls-map-preview with `levls-preview-samples': MiniHack's levels beside the map.
The server finds the Python with MiniHack of scripts/install-python-tools
through VIRTUAL_ENV, as it would a user's active virtualenv."
  (let* ((venv (expand-file-name "python" (or (getenv "LEVLS_TOOLS") "~/.cache/levls")))
         (process-environment (cons (concat "VIRTUAL_ENV=" venv) process-environment))
         (file (levls-test--temp-file
                "mylevel.des"
                (concat "MAZE: \"mylevel\", ' '\nFLAGS: premapped\nGEOMETRY: center, center\nMAP\n"
                        "-------\n|.....|\n|.....|\n-------\nENDMAP\n"
                        "REGION: (0,0,6,3), lit, \"ordinary\"\n"
                        "MONSTER: random, random\nOBJECT: random, random\n")))
         (buf (levls-test--open file 'levls-nethack-mode)))
    (levls-test--check (file-executable-p (expand-file-name "bin/python" venv))
                       "the Python tools are installed" "no %s/bin/python" venv)
    (with-current-buffer buf
      (cl-letf (((symbol-function 'browse-url) #'ignore))
        (let* ((levls-preview-samples 2)
               (page (levls-map-preview))
               (html (with-temp-buffer (insert-file-contents page) (buffer-string))))
          (levls-test--check (string-search "<h2>sample 2 (seed 2)</h2>" html)
                             "the preview page has two MiniHack samples"
                             "%s" (substring html 0 (min 2000 (length html))))
          (levls-map-preview-stop))))))

(defun levls-test-wuas ()
  (let ((file (levls-test--corpus "wuas/reconstructed/2024-rocket/rocket-turn01.dat")))
    (when file
      (let ((buf (levls-test--open file 'levls-wuas-mode)))
        (levls-test--expect-clean buf)
        (levls-test--expect-hover buf 5 0 "starts the board of floor 0"))))
  (let ((buf (levls-test--open
              (levls-test--temp-file "bad.dat"
                                     "# Tablero de prueba, señor\n\n5\nname: Ñandú\nfloor=0\n+---+\n| x |\n+---+\n")
              'levls-wuas-mode)))
    (levls-test--expect-diagnostic buf 5 0 "`floor=0` is not `key: value` metadata" "floor=0"))
  ;; A .dat that is not a WUAS board stays out of levls-wuas-mode.
  (let ((buf (find-file-noselect (levls-test--temp-file "other.dat" "hello, world\n"))))
    (levls-test--check (not (eq (buffer-local-value 'major-mode buf) 'levls-wuas-mode))
                       "a .dat that is not WUAS is not in levls-wuas-mode")))

(defun levls-test-nethack ()
  (let ((buf (levls-test--open (expand-file-name "examples/nethack/watchtower.des" levls-test-root)
                               'levls-nethack-mode)))
    (levls-test--expect-clean buf)
    (levls-test--expect-hover buf 6 0 "MAZE: \"name\", fill_char")
    (levls-test-encoding buf))
  (let ((file (levls-test--corpus "nethack/3.6/Knight.des")))
    (when file (levls-test--expect-clean (levls-test--open file 'levls-nethack-mode))))
  ;; UTF-16 columns: before BOGUS, `MESSAGE: "Café 🐉 crème" ' is 24
  ;; characters, 25 UTF-16 code units (the dragon is a surrogate pair) and
  ;; 30 bytes: only a server and client that agree on UTF-16 put the
  ;; diagnostic on BOGUS (character 24 of the line).
  (let ((buf (levls-test--open
              (levls-test--temp-file "bad.des"
                                     "MAZE: \"x\", ' '\nFLAGS: noteleport\nGEOMETRY: center, center\nMAP\n...\nENDMAP\nMESSAGE: \"Café 🐉 crème\" BOGUS\n")
              'levls-nethack-mode)))
    (levls-test--expect-diagnostic buf 7 24 "unknown keyword `BOGUS`" "BOGUS"))
  ;; A .des whose first line says MAZE, named otherwise.
  (levls-test--open (levls-test--temp-file "level.txt" "MAZE: \"y\", ' '\nNOMAP\n")
                    'levls-nethack-mode))

(defun levls-test-dungeon-mystery ()
  (let ((file (levls-test--corpus "dungeon-mystery/docs-examples/basic-usage.json")))
    (when file
      (let* ((text (with-temp-buffer (insert-file-contents file) (buffer-string)))
             (good (levls-test--temp-file "basic.dm.json" text))
             (buf (levls-test--open good 'levls-dungeon-mystery-mode)))
        (levls-test--expect-clean buf)
        (levls-test--expect-hover buf 4 6 "floor_props.room_density.*integer")
        (let ((bad (levls-test--open
                    (levls-test--temp-file "bad.dungeoneer.json"
                                           (replace-regexp-in-string
                                            "\"room_density\": 4" "\"room_density\": \"four\"" text t t))
                    'levls-dungeon-mystery-mode)))
          (levls-test--expect-diagnostic bad 4 20 "must be an integer, not a string"
                                         "\"four\""))))))

(defun levls-test-python ()
  "MiniHack levels in Python buffers: `levls-python-setup' adds its
Flymake backend to a buffer that mentions MiniHack, which reports the
misspelt monster of its des_file at its line and column of the .py, and
leaves a Python file with no level alone."
  (add-hook 'python-mode-hook #'levls-python-setup)
  (unwind-protect
      (let* ((script (levls-test--temp-file
                      "maze_env.py"
                      (concat "import minihack\n\n"
                              "des_file = \"\"\"\n"
                              "MAZE: \"mylevel\", ' '\n"
                              "GEOMETRY: center, center\n"
                              "MAP\n---\n|.|\n---\nENDMAP\n"
                              "MONSTER: ('D', \"red dragn\"), (1,1)\n"
                              "\"\"\"\n")))
             (plain (levls-test--temp-file "geometry.py" "def area(w, h):\n    return w * h\n"))
             (buf (find-file-noselect script))
             (other (find-file-noselect plain)))
        (levls-test--check (memq 'levls-python-flymake
                                 (buffer-local-value 'flymake-diagnostic-functions buf))
                           "maze_env.py: levls' Flymake backend is on")
        (levls-test--check (not (memq 'levls-python-flymake
                                      (buffer-local-value 'flymake-diagnostic-functions other)))
                           "geometry.py (no level): levls stays off")
        (with-current-buffer buf (flymake-start))
        (levls-test--expect-diagnostic buf 11 9 "Unknown monster ('D', \"red dragn\")"
                                       "('D', \"red dragn\")"))
    (remove-hook 'python-mode-hook #'levls-python-setup)))

;;; Run

(defun levls-test-run ()
  (let ((start (float-time)))
    (message "levls %s, Emacs %s" levls-test-bin emacs-version)
    (unless (file-executable-p levls-test-bin)
      (message "FAIL no levls binary at %s" levls-test-bin)
      (kill-emacs 1))
    ;; levls-test-python first: run after levls-test-preview (not after
    ;; the other Eglot tests), its `levls check' process had exited but its
    ;; sentinel only ran when Emacs quit; not understood yet.
    (dolist (test '(levls-test-python levls-test-languages levls-test-derf levls-test-frupal levls-test-preview
                    levls-test-wuas
                    levls-test-nethack levls-test-dungeon-mystery
                    ;; Last: its server runs with its own VIRTUAL_ENV.
                    levls-test-preview-samples))
      (message "== %s" test)
      (condition-case err
          (funcall test)
        (error (levls-test--check nil (format "%s ran" test) "%S" err))))
    (ignore-errors (let ((eglot-autoshutdown nil)) (eglot-shutdown-all)))
    (message "emacs test took %.1f s" (- (float-time) start))
    (message "emacs: %d passed, %d failed" levls-test-passed levls-test-failed)
    (kill-emacs (if (zerop levls-test-failed) 0 1))))

(levls-test-run)

;;; levls-test.el ends here
