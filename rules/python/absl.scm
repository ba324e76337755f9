; absl: flags.DEFINE_string("name", default, "help") and its kin, at module level or in
; a function; each defines `--name` for every program that imports the module (absl's
; flags are one global registry). ml_collections' config_flags.DEFINE_config_file too.
(call
  function: [(identifier) (attribute)] @_call
  arguments: (argument_list) @args
  (#match? @_call "^({{calls}})$")) @match

; A flag the code reads from absl's registry (`FLAGS.lp_launch_type`) exists, wherever it
; is defined: launchpad's own module defines it, the program reads it.
(attribute
  object: [(identifier) (attribute)] @_flags
  attribute: (identifier) @read
  (#match? @_flags "^(\\w+\\.)*FLAGS$")) @match

; A definer handed on as a value (`{"string": flags.DEFINE_string}`) is called elsewhere with
; a name built at run time: the program's options are not all listed.
(attribute
  attribute: (identifier) @_handed
  (#match? @_handed "^DEFINE_")) @handed

; mlxu (EasyLM): `FLAGS, FLAGS_DEF = mlxu.define_flags_with_default(seed=42,
; lm_server=LMServer.get_default_config())` defines `--seed` and a config flag `--lm_server`,
; which takes `--lm_server.port=5007` overrides as ml_collections' config flags do.
(call
  function: [(identifier) (attribute)] @_defaults
  arguments: (argument_list) @kwargs
  (#match? @_defaults "(^|\\.)define_flags_with_default$")) @match
