; typer: a parameter whose default (or Annotated metadata) is typer.Option(...).
; The parameter name gives the flag when the call names none.
(typed_default_parameter
  name: (identifier) @param
  value: (call
    function: [(identifier) (attribute)] @_call
    arguments: (argument_list) @args
    (#match? @_call "^({{calls}})$"))) @match

(typed_parameter
  (identifier) @param
  type: (type
    (generic_type
      (type_parameter
        (type
          (call
            function: [(identifier) (attribute)] @_call
            arguments: (argument_list) @args
            (#match? @_call "^({{calls}})$")))))) ) @match
