; os.environ["X"], os.environ.get("X"), environ.get("X") after `from os import environ`,
; os.getenv("X"), and project helpers such as get_bool_env_var("X"); the name may be a
; module constant (os.getenv(HOST_IP_ENV) after HOST_IP_ENV = "MYAPP_HOST_IP"), or a
; concatenation whose head is one (`os.environ.get(code_prefix + "_" + key)`: a prefix).
(subscript
  value: [(attribute attribute: (identifier) @_environ) (identifier) @_environ]
  subscript: [(string) (identifier) (binary_operator)] @name
  (#eq? @_environ "environ")) @match

(call
  function: (attribute
    object: [(attribute attribute: (identifier) @_environ) (identifier) @_environ]
    attribute: (identifier) @_method)
  arguments: (argument_list . [(string) (identifier) (binary_operator)] @name . (_)? @default)
  (#eq? @_environ "environ")
  (#match? @_method "^(get|pop|setdefault)$")) @match

(call
  function: [(identifier) @_function (attribute attribute: (identifier) @_function)]
  arguments: (argument_list . [(string) (identifier)] @name . (_)? @default)
  (#match? @_function "^({{env_functions}})$")) @match

(comparison_operator
  (string) @name
  [(attribute attribute: (identifier) @_environ) (identifier) @_environ]
  (#eq? @_environ "environ")) @match
