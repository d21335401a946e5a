module github.com/schemaport/schemaport-action

go 1.26.8

require (
	github.com/dlclark/regexp2 v1.11.5
	github.com/go-json-experiment/json v1.27.2
	github.com/google/go-github/v75 v75.0.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
	github.com/sergi/go-diff v1.4.0
	github.com/sethvargo/go-githubactions v1.4.0
	golang.org/x/text v0.14.0
	gopkg.in/yaml.v3 v3.0.1
)

require (
	github.com/google/go-querystring v1.1.0 // indirect
	github.com/stretchr/testify v1.7.0 // indirect
)
