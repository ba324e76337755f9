; Shell scripts: variables read (${VAR}, ${VAR:-default}, $VAR) and exported.
(expansion (variable_name) @read) @match
(simple_expansion (variable_name) @read) @match
(declaration_command "export" (variable_assignment name: (variable_name) @export)) @match
(variable_assignment name: (variable_name) @assign) @match
