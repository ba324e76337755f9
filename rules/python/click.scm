; click: @click.option("--name", "-n", default=..., help=...) on a command function.
(decorator
  (call
    function: [(identifier) (attribute)] @_decorator
    arguments: (argument_list) @args
    (#match? @_decorator "^({{decorators}})$"))) @match

; click.Option(["--" + name, name], ...) built in code (a Command subclass that appends
; params as it parses): literal names are options; computed ones open the program.
(call
  function: (attribute object: (identifier) @_module attribute: (identifier) @_class)
  arguments: (argument_list . (list) @names) @args
  (#eq? @_module "click")
  (#eq? @_class "Option")) @match

; click.option(*names, ...)(f) applied in code (a helper that adds one option per field of
; a settings class): names made at run time.
(call
  function: (attribute object: (identifier) @_module attribute: (identifier) @_class)
  arguments: (argument_list . (list_splat)) @args
  (#eq? @_module "click")
  (#match? @_class "^(option|Option)$")) @match
