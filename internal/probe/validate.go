package probe

import (
	"bytes"
	"errors"
	"slices"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/tool"
)

const argsSchemaURL = "mem://schemaport/probe-input-schema.json"

var english = message.NewPrinter(language.English)

// maxArgumentErrors bounds the validator's list; the first few say what
// the provider did not enforce.
const maxArgumentErrors = 20

// validateArgs judges a returned tool call against the canonical
// inputSchema (not the compiled one): a constraint compiling dropped, or
// one the provider accepted without enforcing, shows up here. ok is false
// when the schema itself cannot be compiled for validation (the loader has
// said why), and then there is no verdict.
func validateArgs(schema *jsonvalue.Value, args []byte) (valid bool, errs []string, ok bool) {
	var doc any = map[string]any{}
	if schema != nil {
		doc = jsonvalue.ToAny(schema)
	}
	// Judged by 2020-12 whatever the root names, as the loader validates.
	if m, isMap := doc.(map[string]any); isMap {
		delete(m, "$schema")
	}
	c := tool.NewSchemaCompiler()
	if err := c.AddResource(argsSchemaURL, doc); err != nil {
		return false, nil, false
	}
	sch, err := c.Compile(argsSchemaURL)
	if err != nil {
		return false, nil, false
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(args))
	if err != nil {
		return false, []string{"the arguments are not valid JSON: " + err.Error()}, true
	}
	err = sch.Validate(inst)
	if err == nil {
		return true, nil, true
	}
	var verr *jsonschema.ValidationError
	if !errors.As(err, &verr) {
		return false, []string{err.Error()}, true
	}
	return false, leaves(verr), true
}

// leaves renders the validator's leaf errors with their instance
// location, sorted (the library's tree follows map order) and unique.
func leaves(verr *jsonschema.ValidationError) []string {
	var out []string
	tool.EachLeaf(verr, func(e *jsonschema.ValidationError) {
		out = append(out, "at /"+strings.Join(e.InstanceLocation, "/")+": "+e.ErrorKind.LocalizedString(english))
	})
	slices.Sort(out)
	out = slices.Compact(out)
	if len(out) > maxArgumentErrors {
		out = append(out[:maxArgumentErrors], "and more")
	}
	return out
}
