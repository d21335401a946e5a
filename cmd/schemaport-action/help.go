package main

import "github.com/schemaport/schemaport-action/internal/actionrun"

const generalHelp = `schemaport-action: guard the tool definitions your AI application sends to LLM providers.

Usage:
  schemaport-action check <path...> [options]   what each provider does with every tool
  schemaport-action diff <old> <new> [options]  breaking changes between two tool sets
  schemaport-action compile <path...> --out DIR one provider-native file per tool and target
  schemaport-action probe <path...> [options]   ask the providers' real APIs whether they accept each tool
  schemaport-action run [options]               the whole GitHub Action (check + diff against the base)
  schemaport-action snapshot [options]          write (or --check) the tools a live MCP server lists
  schemaport-action init [--accept-existing]    write a starter config and workflow for this repository
  schemaport-action explain CODE                what a check or diff code means and how to fix it
  schemaport-action version                     print the version
  schemaport-action help <command>              help for one command

Paths are tool files (.json: the canonical shapes, OpenAI, Anthropic or Gemini
tool definitions, or an MCP tools/list response) or directories, walked recursively. Run ` + "`schemaport-action <command> --help`" + ` for a command's options.

Exit status: 0 nothing at or above the threshold, 1 findings at or above it,
2 usage or input error (load errors are reported first; the tools that loaded
are still checked and diffed).
`

var commandHelp = map[string]string{
	"run":      actionrun.Help,
	"snapshot": snapshotHelp,
	"explain":  explainHelp,
	"init":     initHelp,
	"check": `Usage: schemaport-action check <path...> [options]

Loads every tool under the paths and reports what each provider will reject,
silently drop, or accept without enforcing, at the exact file, line and schema path.

Options:
  --targets LIST    comma-separated targets: openai, anthropic, gemini, mcp,
                    anthropic-strict, or all (default: openai,anthropic,gemini,mcp,
                    or "targets" in the config file)
  --format FORMAT   text (default), compact (one line per entry of the text
                    report: file:line:col: severity code message [target]; a
                    finding restating another shares its line, a fact true of
                    every tool of a target is one line), json, sarif, or cost
                    (the context cost table: tokens per tool and target)
  --cost            count the context cost: the table after text, a cost object
                    per target in json
  --context-window N  the context window cost shares are of (default: config
                    budgets.contextWindow, else 128000)
  --min-severity S  error, warning or info (default): hide findings below S in
                    text and compact output (json and sarif keep every finding;
                    --fail-on is applied to all of them either way)
  --matrix          text: one row per tool, one column per target, the worst
                    severity in each cell (✓ clean, ! warning, ✗ error, i info,
                    - not checked) and the clean count per target
  --quiet           text: one line per tool and target (worst mark and counts)
                    instead of every finding (config: "quiet": true); not with --matrix
  --fail-on LEVEL   error (default), lossy, warning or never:
                      error    exit 1 on any error
                      lossy    exit 1 only on errors ` + "`schemaport-action compile`" + ` cannot fix
                               without loss (what makes compile refuse without --allow-lossy)
                      warning  exit 1 on any error or warning
                      never    always exit 0 (unless the input is invalid)
  --config FILE     config file (default: schemaport.config.json in the working directory);
                    its "rules" apply: a code set to off is left out, any other
                    level becomes the finding's severity
  --sarif-category ID   automationDetails.id for --format sarif (default: schemaport/)
  -h, --help        show this help

Exit status: 0 below the threshold, 1 at or above it, 2 usage or input error.
`,
	"diff": `Usage: schemaport-action diff <old> <new> [options]

Compares two versions of a tool set (files or directories) and classifies every
change as breaking, non-breaking or informational.

Options:
  --format FORMAT         text (default), json or sarif
  --fail-on LEVEL         breaking (default), any or never
  --ignore-descriptions   drop description and title changes
  --targets LIST          also compile both sides for these targets (comma-separated,
                          or all; opt-in, the config's "targets" does not apply) and
                          report each tool that regressed (compiled before, refused
                          now), was fixed, or whose compile findings changed; a
                          regression is breaking (text: "Target compatibility";
                          json: "targets" and summary.targetRegressions)
  --config FILE           config file (default: schemaport.config.json in the working directory)
  --sarif-category ID     automationDetails.id for --format sarif (default: schemaport/)
  -h, --help              show this help

Exit status: 0 below the threshold, 1 at or above it, 2 usage or input error.
`,
	"compile": `Usage: schemaport-action compile <path...> --out DIR [options]

Compiles every canonical tool into each provider's own definition, one file per
tool and target (DIR/<target>/<tool>.json) plus DIR/manifest.json listing every
change made. A pair whose schema compiling cannot express without loss is
refused (nothing written for it) unless --allow-lossy is given. Files an
earlier run wrote that this run does not are removed.

Options:
  --out DIR         output directory (default: "output" in the config file)
  --targets LIST    comma-separated targets: openai, anthropic, gemini, mcp,
                    anthropic-strict, or all (default: openai,anthropic,gemini,mcp,
                    or "targets" in the config file)
  --allow-lossy     write pairs whose compiled schema is weaker than the source
                    (default: "allowLossy" in the config file, else off)
  --check           write nothing: compare DIR with what compiling would write,
                    exit 1 when a file differs, is missing or is stale
  --format FORMAT   text (default) or json
  --config FILE     config file (default: schemaport.config.json in the working directory)
  -h, --help        show this help

Exit status: 0 every pair compiled (or, with --check, DIR is up to date),
1 a pair was refused (or DIR is out of date), 2 usage or input error.
`,
	"probe": `Usage: schemaport-action probe <path...> [options]

Compiles every tool for each target and sends exactly one request per tool
and target to the provider's real API (official SDKs), forcing one call of
the tool with placeholder arguments and a 1024-token output cap. Reports
accepted / rejected (the provider's message verbatim) / error (no verdict:
missing-credentials, authentication, model-not-found, rate-limit, network,
unknown, compile-refused), validates returned arguments against the canonical
schema, and lists first every verdict check did not predict.

Keys: OPENAI_API_KEY, ANTHROPIC_API_KEY, GEMINI_API_KEY (then GOOGLE_API_KEY).
Models: --model, then SCHEMAPORT_OPENAI_MODEL, SCHEMAPORT_ANTHROPIC_MODEL,
SCHEMAPORT_GEMINI_MODEL, then gpt-5.6-luna, claude-haiku-4-5, gemini-2.5-flash-lite.
Base URLs: OPENAI_BASE_URL (ending in /v1), ANTHROPIC_BASE_URL and
GOOGLE_GEMINI_BASE_URL (ending before it).
Keys never appear in any output.

Options:
  --targets LIST      comma-separated: openai, anthropic, anthropic-strict, gemini
                      (mcp is skipped: no hosted API) (default: openai,anthropic,gemini,
                      or "targets" in the config file)
  --model ID          the model for every target
  --allow-lossy       probe pairs whose compiled schema is weaker than the source
                      (default: "allowLossy" in the config file, else off)
  --openai-api API    responses (default: POST /v1/responses) or chat
                      (POST /v1/chat/completions)
  --timeout D         per request, e.g. 30s (default 30s)
  --concurrency N     requests in flight at once (default 4)
  --count-tokens      also ask Anthropic's count_tokens and Gemini's countTokens
  --dry-run           print the request bodies that would be sent (no keys), send nothing
  --format FORMAT     text (default) or json
  --config FILE       config file (default: schemaport.config.json in the working directory)
  -h, --help          show this help

Exit status: 0 every probe accepted or skipped, 1 a provider rejected a schema
or compile refused a pair, 2 usage or input error, 3 no verdict for some pair
(missing key, authentication, model, rate limit, network, account, size limit).
`,
	"version": `Usage: schemaport-action version

Prints the version.
`,
}
