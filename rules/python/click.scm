; click: @click.option("--name", "-n", default=..., help=...) on a command function.
(decorator
  (call
    function: [(identifier) (attribute)] @_decorator
    arguments: (argument_list) @args
    (#match? @_decorator "^({{decorators}})$"))) @match
