; python-fire: fire.Fire(main) makes the parameters of `main` its flags
; (`--learning_rate` and `--learning-rate` alike). @target is what Fire is handed.
(call
  function: [(identifier) (attribute)] @_call
  arguments: (argument_list . (_) @target)
  (#match? @_call "^({{calls}})$")) @match

; `fire.Fire()` with nothing handed: every function of the module is a command, and
; its parameters are that command's flags.
(call
  function: [(identifier) (attribute)] @_call
  arguments: (argument_list) @bare
  (#match? @_call "^({{calls}})$")) @match
