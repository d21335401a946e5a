package probe

// providerEnv is where a target's key, model and base URL come from.
type providerEnv struct {
	keyVars      []string // first set wins
	modelVar     string
	defaultModel string
	baseURLVar   string
	defaultBase  string
}

// Default models: the cheapest current model of each provider that does
// function calling, as SchemaPort's provider docs choose them (reviewed
// 2026-08-20). SCHEMAPORT_*_MODEL or --model override them.
const (
	DefaultOpenAIModel    = "gpt-5.6-luna"
	DefaultAnthropicModel = "claude-haiku-4-5"
	DefaultGeminiModel    = "gemini-2.5-flash-lite"
)

var envs = map[string]providerEnv{
	"openai": {
		keyVars: []string{"OPENAI_API_KEY"}, modelVar: "SCHEMAPORT_OPENAI_MODEL", defaultModel: DefaultOpenAIModel,
		baseURLVar: "OPENAI_BASE_URL", defaultBase: "https://api.openai.com/v1/",
	},
	"anthropic": {
		keyVars: []string{"ANTHROPIC_API_KEY"}, modelVar: "SCHEMAPORT_ANTHROPIC_MODEL", defaultModel: DefaultAnthropicModel,
		baseURLVar: "ANTHROPIC_BASE_URL", defaultBase: "https://api.anthropic.com/",
	},
	"gemini": {
		// GEMINI_API_KEY first, as SchemaPort does (the SDK itself prefers
		// GOOGLE_API_KEY when both are set).
		keyVars: []string{"GEMINI_API_KEY", "GOOGLE_API_KEY"}, modelVar: "SCHEMAPORT_GEMINI_MODEL", defaultModel: DefaultGeminiModel,
		baseURLVar: "GOOGLE_GEMINI_BASE_URL", defaultBase: "https://generativelanguage.googleapis.com/",
	},
}

// family maps a target to the API it speaks.
func family(target string) string {
	if target == "anthropic-strict" {
		return "anthropic"
	}
	return target
}

// resolved is one target's settings for a run.
type resolved struct {
	key, model, baseURL, keyVar string
}

func resolve(target string, o *Options) resolved {
	e := envs[family(target)]
	get := o.Getenv
	if get == nil {
		get = func(string) string { return "" }
	}
	r := resolved{keyVar: e.keyVars[0], model: e.defaultModel, baseURL: e.defaultBase}
	for _, v := range e.keyVars {
		if k := get(v); k != "" {
			r.key = k
			break
		}
	}
	// An empty variable counts as unset (SchemaPort's resolveProbeModel).
	if m := get(e.modelVar); m != "" {
		r.model = m
	}
	if o.Model != "" {
		r.model = o.Model
	}
	if b := get(e.baseURLVar); b != "" {
		r.baseURL = b
	}
	return r
}

// Keys returns every API key set in the environment, so that output can
// be scrubbed of them whatever a provider echoes back.
func keys(o *Options) []string {
	var out []string
	if o.Getenv == nil {
		return nil
	}
	for _, e := range envs {
		for _, v := range e.keyVars {
			if k := o.Getenv(v); k != "" {
				out = append(out, k)
			}
		}
	}
	return out
}
