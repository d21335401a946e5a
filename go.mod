module github.com/schemaport/schemaport-action

go 1.26.8

require (
	github.com/dlclark/regexp2 v1.11.5 // indirect
	github.com/go-json-experiment/json v1.27.2 // indirect
	github.com/owenrumney/go-sarif/v2 v2.3.3 // indirect
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3 // indirect
	github.com/sergi/go-diff v1.4.0 // indirect
	github.com/sethvargo/go-githubactions v1.4.0 // indirect
	golang.org/x/text v0.14.0 // indirect
)
