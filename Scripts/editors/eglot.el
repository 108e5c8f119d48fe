;;; Drives Emacs (--batch), set up with eglot as Docs/Editors.md says (its init.el loaded first),
;;; through the near-miss template: Flymake's diagnostics, completion-at-point, ElDoc's hover, the
;;; quickfix code action, and `eglot-shutdown' (shutdown, then exit; eglot 1.9 sends both with
;;; "params": null). Run by Scripts/check-editors.sh (QK_DOC is the template); exits with status 0
;;; when all holds, 1 (and why) when not.
(require 'cl-lib)

(defun qk-wait (predicate)
  "Whether PREDICATE holds within 10 s, while the server's output is read."
  (cl-loop repeat 200 until (funcall predicate) do (accept-process-output nil 0.05))
  (funcall predicate))

(defun qk-goto (line column)
  (goto-char (point-min))
  (forward-line (1- line))
  (forward-char column))

(defun qk-check ()
  (find-file (getenv "QK_DOC"))
  ;; eglot-ensure and Flymake start on the next command, which a batch session never runs.
  (run-hooks 'post-command-hook)
  (unless (qk-wait #'eglot-current-server) (error "eglot did not connect"))
  (flymake-start)
  (unless (qk-wait #'flymake-diagnostics) (error "no diagnostics"))
  (let ((texts (mapconcat #'flymake-diagnostic-text (flymake-diagnostics) " | ")))
    (unless (string-match-p "max-answer" texts) (error "diagnostics without the misspelled key: %s" texts)))
  ;; Between two members of the question (line 6).
  (qk-goto 6 6)
  (let ((labels (all-completions "" (nth 2 (eglot-completion-at-point)))))
    (unless (member "helpInfo" labels) (error "no key completion: %s" (mapconcat #'substring-no-properties labels ","))))
  ;; On the answer-type key (line 5).
  (qk-goto 5 9)
  (let (hover)
    (eglot-hover-eldoc-function (lambda (text &rest _) (setq hover (or text ""))))
    (unless (and (qk-wait (lambda () hover)) (string-match-p "answer-type" hover))
      (error "no hover on answer-type: %S" hover)))
  (qk-goto 8 8)
  (eglot-code-actions (point) nil "quickfix" t)
  (unless (qk-wait (lambda () (save-excursion (qk-goto 8 0) (looking-at-p ".*\"max-answers\""))))
    (error "the quick fix was not applied"))
  ;; eglot-shutdown fails if `shutdown' is refused; jsonrpc then deletes the process at once (so its
  ;; exit status is jsonrpc's, not the server's), and its event log must show no error answered.
  (let ((server (eglot-current-server)))
    (eglot-shutdown server nil nil t)
    (when (process-live-p (jsonrpc--process server)) (error "the server is still running"))
    (with-current-buffer (jsonrpc-events-buffer server)
      (when (string-match-p ":error" (buffer-string))
        (error "an error was answered: %s" (buffer-string))))))

(condition-case failure
    (progn (qk-check) (kill-emacs 0))
  (error (message "%s" (error-message-string failure)) (kill-emacs 1)))
