package tool

import (
	"path/filepath"
	"strings"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
	"github.com/schemaport/schemaport-action/internal/schemapath"
)

// Format is the shape a tool file is written in: SchemaPort's canonical
// format or one of the provider-native forms teams already keep.
type Format string

// The formats the loader reads. The names are what the `formats` config key
// takes.
const (
	// FormatCanonical is SchemaPort's {name, description, inputSchema}: one
	// tool, an array, or {"tools": [...]} (which is also the shape of an
	// MCP tools/list result).
	FormatCanonical Format = "canonical"
	// FormatOpenAIChat is Chat Completions' {"type": "function",
	// "function": {name, description, parameters, strict}}.
	FormatOpenAIChat Format = "openai-chat"
	// FormatOpenAIResponses is the Responses API's flat {"type":
	// "function", name, description, parameters, strict}.
	FormatOpenAIResponses Format = "openai-responses"
	// FormatAnthropic is the Messages API's {name, description,
	// input_schema, strict}.
	FormatAnthropic Format = "anthropic"
	// FormatGemini is {functionDeclarations: [...]} or {tools:
	// [{functionDeclarations: [...]}]}, each declaration with `parameters`
	// (the OpenAPI-subset Schema) or `parametersJsonSchema`.
	FormatGemini Format = "gemini"
	// FormatMCP is a tools/list result, bare or inside its JSON-RPC
	// response {jsonrpc, id, result: {tools, nextCursor}}. Its tools are
	// canonical tools.
	FormatMCP Format = "mcp"
)

// Formats lists every format name, for messages and validation.
var Formats = []Format{FormatCanonical, FormatOpenAIChat, FormatOpenAIResponses, FormatAnthropic, FormatGemini, FormatMCP}

// ValidFormat reports whether s names a format.
func ValidFormat(s string) bool {
	for _, f := range Formats {
		if string(f) == s {
			return true
		}
	}
	return false
}

// describe names a format for people.
func (f Format) describe() string {
	switch f {
	case FormatOpenAIChat:
		return "OpenAI Chat Completions tools"
	case FormatOpenAIResponses:
		return "OpenAI Responses tools"
	case FormatAnthropic:
		return "Anthropic tools"
	case FormatGemini:
		return "Gemini function declarations"
	case FormatMCP:
		return "an MCP tools/list response"
	}
	return "canonical tools"
}

// Provider ids of native tools (the ids of their check targets' family).
const (
	ProviderOpenAI    = "openai"
	ProviderAnthropic = "anthropic"
	ProviderGemini    = "gemini"
)

// Native says how a tool read from a provider-native file is sent to its
// provider, which chooses the rules it is checked against, and where its
// parts are in the native object.
type Native struct {
	Format Format
	// Provider is ProviderOpenAI, ProviderAnthropic or ProviderGemini.
	Provider string
	// Strict is OpenAI's or Anthropic's strict mode.
	Strict bool
	// JSONSchema is a Gemini declaration using `parametersJsonSchema`
	// rather than the OpenAPI-subset `parameters`.
	JSONSchema bool
	// Paths of the canonical members inside the native tool object
	// ("function.parameters" for a Chat Completions tool).
	NamePath, DescriptionPath, SchemaPath string
}

// nativePath turns a canonical tool-relative path ("inputSchema.type") into
// the path inside the native tool object ("function.parameters.type").
func (n *Native) nativePath(path string) string {
	for _, m := range [...]struct{ canonical, native string }{
		{"inputSchema", n.SchemaPath}, {"name", n.NamePath}, {"description", n.DescriptionPath},
	} {
		if rest, ok := strings.CutPrefix(path, m.canonical); ok && (rest == "" || rest[0] == '.' || rest[0] == '[') {
			return m.native + rest
		}
	}
	return path
}

// FormatRule forces the format of the files at Path (a file, or a
// directory and everything under it), for files whose shape is ambiguous.
type FormatRule struct {
	Path   string // as written, resolved against Options.Cwd
	Format Format
}

// formatFor returns the forced format of a file: the rule with the longest
// path that is the file or one of its directories; "" when none applies.
func (l *loader) formatFor(abs string) Format {
	var best Format
	bestLen := -1
	for _, r := range l.formats {
		p := l.abs(r.Path)
		if (abs == p || strings.HasPrefix(abs, p+string(filepath.Separator))) && len(p) > bestLen {
			best, bestLen = r.Format, len(p)
		}
	}
	return best
}

// element is one tool-shaped entry of a file, before its format is known.
type element struct {
	value *jsonvalue.Value
	base  string // its path in the file
	kind  Format // the format its shape says; "" when it says none
	// builtin is a provider's own tool (OpenAI's web_search, Gemini's
	// googleSearch): not a function definition, so there is nothing to
	// check and it decides no format.
	builtin bool
	// bareDeclaration is {name, parameters} with nothing else to tell a
	// Gemini declaration from an OpenAI function object.
	bareDeclaration bool
}

// elements splits a file into its entries: the top-level array, the
// `tools` array of a wrapper, the tools of a JSON-RPC tools/list response,
// a Gemini functionDeclarations list, or the one object. Gemini's
// {functionDeclarations} groups are opened where they stand.
func elements(root *jsonvalue.Value) (out []element, rpc bool) {
	items, prefix := root, ""
	if root.Kind == jsonvalue.Object {
		switch {
		case root.Has("jsonrpc") && root.Get("result").IsObject() && root.Get("result").Get("tools").IsArray():
			items, prefix, rpc = root.Get("result").Get("tools"), "result.tools", true
		case root.Get("tools").IsArray():
			items, prefix = root.Get("tools"), "tools"
		case root.Get("functionDeclarations").IsArray():
			return declarations(root, ""), false
		}
	}
	if items.Kind != jsonvalue.Array {
		return []element{classify(root, "")}, rpc
	}
	for i := range items.Items {
		it := &items.Items[i]
		base := schemapath.Index(prefix, i)
		if it.Get("functionDeclarations").IsArray() {
			out = append(out, declarations(it, base)...)
			continue
		}
		out = append(out, classify(it, base))
	}
	return out, rpc
}

// declarations opens one Gemini {functionDeclarations: [...]} group.
func declarations(group *jsonvalue.Value, base string) []element {
	list := group.Get("functionDeclarations")
	prefix := schemapath.Key(base, "functionDeclarations")
	out := make([]element, len(list.Items))
	for i := range list.Items {
		out[i] = element{value: &list.Items[i], base: schemapath.Index(prefix, i), kind: FormatGemini}
	}
	return out
}

// classify reads the format off one entry's shape.
func classify(v *jsonvalue.Value, base string) element {
	e := element{value: v, base: base}
	if v.Kind != jsonvalue.Object {
		return e
	}
	typ := v.Get("type")
	switch {
	case v.Has("inputSchema"):
		e.kind = FormatCanonical
	case v.Has("input_schema"):
		e.kind = FormatAnthropic
	case v.Has("parametersJsonSchema"):
		e.kind = FormatGemini
	case typ.IsString() && typ.Text == "function" && v.Has("function"):
		e.kind = FormatOpenAIChat
	case typ.IsString() && typ.Text == "function":
		e.kind = FormatOpenAIResponses
	case typ.IsString():
		// {"type": "web_search"}, {"type": "custom", ...}: a provider's
		// own tool, or one without a JSON Schema.
		e.builtin = true
	case isGeminiBuiltin(v):
		e.builtin = true
	case v.Has("name") && v.Has("parameters"):
		e.bareDeclaration = true
	}
	return e
}

// isGeminiBuiltin reports a Gemini Tool entry that holds no declarations
// (googleSearch, codeExecution, urlContext, ...).
func isGeminiBuiltin(v *jsonvalue.Value) bool {
	if len(v.Members) != 1 || v.Has("name") {
		return false
	}
	switch v.Members[0].Key {
	case "googleSearch", "googleSearchRetrieval", "codeExecution", "urlContext", "retrieval",
		"googleMaps", "enterpriseWebSearch", "computerUse", "fileSearch":
		return true
	}
	return false
}

// fileFormat decides the format of a file from its entries (or takes the
// forced one). A file whose entries have two formats is an error naming
// both, at the first entry of the second format.
func fileFormat(src *Source, root *jsonvalue.Value, els []element, rpc bool, forced Format) (Format, *LoadError) {
	if forced != "" {
		return forced, nil
	}
	var found Format
	var first element
	bare := -1
	for i, e := range els {
		if e.bareDeclaration && bare < 0 {
			bare = i
		}
		if e.kind == "" {
			continue
		}
		if found == "" {
			found, first = e.kind, e
			continue
		}
		if e.kind != found {
			start, end, _ := LocateIn(root, e.base)
			return "", &LoadError{SourcePath: src.Path, Path: pathOrRoot(e.base), Span: src.Span(start, end),
				Message: "This file mixes " + found.describe() + " (" + pathOrRoot(first.base) + ") with " + e.kind.describe() +
					" (" + pathOrRoot(e.base) + "); keep one format per file."}
		}
	}
	if found == "" && bare >= 0 {
		e := els[bare]
		start, end, _ := LocateIn(root, e.base)
		return "", &LoadError{SourcePath: src.Path, Path: pathOrRoot(e.base), Span: src.Span(start, end),
			Message: "This tool has `name` and `parameters` but no `inputSchema`, so it could be a Gemini function declaration or an OpenAI function object; " +
				"wrap it as its provider expects ({\"functionDeclarations\": [...]} or {\"type\": \"function\", \"function\": {...}}), " +
				"or name the file's format under `formats` in schemaport.config.json."}
	}
	if found == "" {
		found = FormatCanonical
	}
	if found == FormatCanonical && rpc {
		return FormatMCP, nil
	}
	return found, nil
}

func pathOrRoot(p string) string {
	if p == "" {
		return "(root)"
	}
	return p
}

// loadDocument turns one parsed file into tools or errors, by format.
func loadDocument(src *Source, root *jsonvalue.Value, forced Format, r *fileResult) {
	els, rpc := elements(root)
	if forced == FormatGemini {
		// Forced: bare declarations are Gemini's.
		for i := range els {
			if els[i].bareDeclaration {
				els[i].kind = FormatGemini
			}
		}
	}
	if root.Kind == jsonvalue.Object && root.Has("jsonrpc") && !rpc {
		// A JSON-RPC message that is not a tools/list result: an error
		// response, or the answer to some other request.
		path, msg := "result", "This JSON-RPC message is not a tools/list result: it has no `result.tools` array."
		if root.Has("error") {
			path, msg = "error", "This JSON-RPC response is an error, not a tools/list result; save the response of a successful tools/list call."
		}
		start, end, _ := LocateIn(root, path)
		if !root.Has(path) {
			start, end = root.Start, root.End
		}
		r.errs = append(r.errs, LoadError{SourcePath: src.Path, Path: path, Message: msg, Span: src.Span(start, end)})
		return
	}
	format, ferr := fileFormat(src, root, els, rpc, forced)
	if ferr != nil {
		r.errs = append(r.errs, *ferr)
		return
	}
	if format == FormatCanonical || format == FormatMCP {
		for _, e := range els {
			loadCanonical(src, root, candidate{value: e.value, base: e.base}, r)
		}
		return
	}
	for _, e := range els {
		if e.builtin {
			continue
		}
		loadNative(src, root, e, format, r)
	}
}

// loadCanonical validates one canonical candidate.
func loadCanonical(src *Source, root *jsonvalue.Value, c candidate, r *fileResult) {
	var issues []issue
	if !r.valid {
		issues = validateTool(c.value)
	}
	if len(issues) == 0 {
		r.tools = append(r.tools, &Tool{Name: c.value.Get("name").Text, Value: c.value, Source: src, Base: c.base})
		return
	}
	for _, is := range issues {
		r.errs = append(r.errs, issueError(src, root, c.value, joinBase(c.base, is.path), is.msg))
	}
}

func issueError(src *Source, root, whole *jsonvalue.Value, path, msg string) LoadError {
	var span Span
	if path == "" {
		path = "(root)"
		span = src.Span(whole.Start, whole.End)
	} else {
		start, end, _ := LocateIn(root, path)
		span = src.Span(start, end)
	}
	return LoadError{SourcePath: src.Path, Path: path, Message: msg, Span: span}
}
