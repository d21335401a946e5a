package tool

import (
	"fmt"
	"strings"
	"testing"

	"github.com/schemaport/schemaport-action/internal/jsonvalue"
)

func validateText(t *testing.T, text string) []issue {
	t.Helper()
	v, err := jsonvalue.Parse([]byte(text))
	if err != nil {
		t.Fatalf("test input does not parse: %v\n%s", err, text)
	}
	return validateTool(v)
}

// tool wraps an inputSchema body in a valid tool.
func tool(schema string) string {
	return `{"name":"t","inputSchema":` + schema + `}`
}

func fmtIssues(is []issue) string {
	var b strings.Builder
	for _, i := range is {
		fmt.Fprintf(&b, "%s | %s\n", i.path, i.msg)
	}
	return b.String()
}

// want lists expected issues as "path | message" lines; a message ending
// in "…" matches by prefix.
func checkIssues(t *testing.T, got []issue, want ...string) {
	t.Helper()
	ok := len(got) == len(want)
	for i := 0; ok && i < len(want); i++ {
		path, msg, _ := strings.Cut(want[i], " | ")
		if got[i].path != path {
			ok = false
		} else if p, cut := strings.CutSuffix(msg, "…"); cut {
			ok = strings.HasPrefix(got[i].msg, p)
		} else {
			ok = got[i].msg == msg
		}
	}
	if !ok {
		t.Errorf("got:\n%swant:\n%s", fmtIssues(got), strings.Join(want, "\n")+"\n")
	}
}

func TestToolRules(t *testing.T) {
	cases := []struct {
		name, text string
		want       []string
	}{
		{"T1 null", `null`, []string{" | " + msgNotObject}},
		{"T1 array", `[]`, []string{" | " + msgNotObject}},
		{"T1 string", `"x"`, []string{" | " + msgNotObject}},
		{"T1 number", `5`, []string{" | " + msgNotObject}},
		{"T1 bool", `true`, []string{" | " + msgNotObject}},
		{"T2 missing", `{"inputSchema":{"type":"object"}}`, []string{"name | " + msgNameRequired}},
		{"T2 empty", `{"name":"","inputSchema":{"type":"object"}}`, []string{"name | " + msgNameRequired}},
		{"T2 number", `{"name":1,"inputSchema":{"type":"object"}}`, []string{"name | " + msgNameRequired}},
		{"T2 null", `{"name":null,"inputSchema":{"type":"object"}}`, []string{"name | " + msgNameRequired}},
		{"T3 space", `{"name":"a b","inputSchema":{"type":"object"}}`, []string{"name | " + msgNameFormat}},
		{"T3 nbsp", `{"name":"a\u00a0b","inputSchema":{"type":"object"}}`, []string{"name | " + msgNameFormat}},
		{"T3 bom char", `{"name":"a\ufeffb","inputSchema":{"type":"object"}}`, []string{"name | " + msgNameFormat}},
		{"T3 U+0085 is not JS whitespace", `{"name":"a\u0085b","inputSchema":{"type":"object"}}`, nil},
		{"T3 U+200B is not JS whitespace", `{"name":"a\u200bb","inputSchema":{"type":"object"}}`, nil},
		{"T3 U+180E is not JS whitespace", `{"name":"a\u180eb","inputSchema":{"type":"object"}}`, nil},
		{"T3 129", `{"name":"` + strings.Repeat("a", 129) + `","inputSchema":{"type":"object"}}`, []string{"name | " + msgNameFormat}},
		{"T3 128", `{"name":"` + strings.Repeat("a", 128) + `","inputSchema":{"type":"object"}}`, nil},
		{"T3 64 emoji", `{"name":"` + strings.Repeat("😀", 64) + `","inputSchema":{"type":"object"}}`, nil},
		{"T3 65 emoji", `{"name":"` + strings.Repeat("😀", 65) + `","inputSchema":{"type":"object"}}`, []string{"name | " + msgNameFormat}},
		{"T3 128 BMP chars", `{"name":"` + strings.Repeat("é", 128) + `","inputSchema":{"type":"object"}}`, nil},
		{"T4 null", `{"name":"t","description":null,"inputSchema":{"type":"object"}}`, []string{"description | " + msgDescription}},
		{"T4 number", `{"name":"t","description":1,"inputSchema":{"type":"object"}}`, []string{"description | " + msgDescription}},
		{"T4 absent ok", `{"name":"t","inputSchema":{"type":"object"}}`, nil},
		{"T5 missing", `{"name":"t"}`, []string{"inputSchema | " + msgSchemaRequired}},
		{"T5 array", `{"name":"t","inputSchema":[]}`, []string{"inputSchema | " + msgSchemaRequired}},
		{"T5 null", `{"name":"t","inputSchema":null}`, []string{"inputSchema | " + msgSchemaRequired}},
		{"T5 stops", `{"name":"a b","description":5,"inputSchema":true}`, []string{"name | " + msgNameFormat, "description | " + msgDescription, "inputSchema | " + msgSchemaRequired}},
		{"T6 string type", tool(`{"type":"string"}`), []string{"inputSchema.type | " + msgSchemaType}},
		{"T6 missing type", tool(`{}`), []string{"inputSchema.type | " + msgSchemaType}},
		{"T6 nullable", tool(`{"type":["object","null"]}`), []string{"inputSchema.type | " + msgSchemaType}},
		{"T6 array form", tool(`{"type":["object"]}`), nil},
		{"T6 and Y2", tool(`{"type":5}`), []string{"inputSchema.type | " + msgSchemaType, "inputSchema.type | " + msgTypeShape}},
		// S5: a non-string in a type array is malformed, not ignored.
		{"S5", tool(`{"type":["object",5]}`), []string{"inputSchema.type | " + msgTypeShape}},
		// Unknown top-level members are kept and not judged.
		{"extra members", `{"name":"t","inputSchema":{"type":"object"},"annotations":{"x":1},"x-y":true}`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkIssues(t, validateText(t, c.text), c.want...) })
	}
}

func TestSubschemaRules(t *testing.T) {
	const S = "inputSchema"
	cases := []struct {
		name, schema string
		want         []string
	}{
		{"B properties", `{"type":"object","properties":{"a":true,"b":false}}`,
			[]string{S + ".properties.a | " + msgBoolSubschema, S + ".properties.b | " + msgBoolSubschema}},
		{"B order of slots", `{"type":"object","allOf":[true],"anyOf":[true],"oneOf":[true],"prefixItems":[true],"not":true,"items":true,"definitions":{"d":true},"$defs":{"c":true},"properties":{"p":true}}`,
			[]string{
				S + ".properties.p | " + msgBoolSubschema, S + ".$defs.c | " + msgBoolSubschema, S + ".definitions.d | " + msgBoolSubschema,
				S + ".items | " + msgBoolSubschema, S + ".not | " + msgBoolSubschema,
				S + ".prefixItems[0] | " + msgBoolSubschema, S + ".anyOf[0] | " + msgBoolSubschema,
				S + ".oneOf[0] | " + msgBoolSubschema, S + ".allOf[0] | " + msgBoolSubschema,
			}},
		{"B additionalProperties bool is fine", `{"type":"object","additionalProperties":false,"properties":{"a":{"type":"object","additionalProperties":true}}}`, nil},
		{"B JS key order", `{"type":"object","properties":{"b":true,"10":true,"2":true,"01":true}}`,
			[]string{S + `.properties["2"] | ` + msgBoolSubschema, S + `.properties["10"] | ` + msgBoolSubschema, S + ".properties.b | " + msgBoolSubschema, S + `.properties["01"] | ` + msgBoolSubschema}},
		{"S4 null property", `{"type":"object","properties":{"a":null}}`, []string{S + ".properties.a | A subschema must be a JSON Schema object, not null. Use `{}` to accept any value."}},
		{"S4 anyOf number", `{"type":"object","anyOf":[1,{}]}`, []string{S + ".anyOf[0] | A subschema must be a JSON Schema object, not a number. Use `{}` to accept any value."}},
		{"S4 not null", `{"type":"object","not":null}`, []string{S + ".not | A subschema must be a JSON Schema object, not null…"}},
		{"S4 items string", `{"type":"object","properties":{"l":{"items":"x"}}}`, []string{S + ".properties.l.items | A subschema must be a JSON Schema object, not a string…"}},
		{"S4 items array", `{"type":"object","properties":{"l":{"items":[{"type":"string"}]}}}`, []string{S + ".properties.l.items | " + msgItemsArray}},
		{"S4 additionalProperties number", `{"type":"object","additionalProperties":5}`, []string{S + ".additionalProperties | A subschema must be a JSON Schema object, not a number…"}},
		{"S4 $defs string", `{"type":"object","$defs":{"A":"x"}}`, []string{S + ".$defs.A | A subschema must be a JSON Schema object, not a string…"}},
		{"Y1 one", `{"type":"object","properties":{"a":{"type":"stringg"}}}`, []string{S + ".properties.a.type | Unknown JSON Schema type `stringg`."}},
		{"Y1 each in union", `{"type":"object","properties":{"a":{"type":["string","text","date"]}}}`,
			[]string{S + ".properties.a.type | Unknown JSON Schema type `text`.", S + ".properties.a.type | Unknown JSON Schema type `date`."}},
		{"Y1 and S5", `{"type":"object","properties":{"a":{"type":["text",null]}}}`,
			[]string{S + ".properties.a.type | Unknown JSON Schema type `text`.", S + ".properties.a.type | " + msgTypeShape}},
		{"Y2 object", `{"type":"object","properties":{"a":{"type":{}}}}`, []string{S + ".properties.a.type | " + msgTypeShape}},
		{"O1 array", `{"type":"object","properties":[]}`, []string{S + ".properties | " + msgProperties}},
		{"O1 null", `{"type":"object","properties":null}`, []string{S + ".properties | " + msgProperties}},
		{"R1 not array", `{"type":"object","properties":{},"required":"a"}`, []string{S + ".required | " + msgRequiredShape}},
		{"R1 non-string once", `{"type":"object","properties":{"a":{}},"required":["a",1,2]}`, []string{S + ".required | " + msgRequiredShape}},
		{"R2 each missing, repeats", `{"type":"object","properties":{"a":{}},"required":["x","a","x"]}`,
			[]string{S + ".required | " + msgRequiredUndeclared("x"), S + ".required | " + msgRequiredUndeclared("x")}},
		// S2: only own keys count (JS `in` would accept these).
		{"S2 prototype names", `{"type":"object","properties":{},"required":["toString","constructor"]}`,
			[]string{S + ".required | " + msgRequiredUndeclared("toString"), S + ".required | " + msgRequiredUndeclared("constructor")}},
		// S3: no `properties` declares nothing.
		{"S3 no properties", `{"type":"object","required":["x"]}`, []string{S + ".required | " + msgRequiredUndeclared("x")}},
		{"S3 nested no properties", `{"type":"object","properties":{"o":{"type":"object","required":["y"]}}}`, []string{S + ".properties.o.required | " + msgRequiredUndeclared("y")}},
		{"required in branches names parent properties", `{"type":"object","properties":{"a":{},"b":{}},"anyOf":[{"required":["a"]},{"required":["b"]}],"not":{"required":["a","b"]}}`, nil},
		{"required in branch, undeclared anywhere", `{"type":"object","properties":{"a":{}},"oneOf":[{"required":["z"]}]}`, []string{S + ".oneOf[0].required | " + msgRequiredUndeclared("z")}},
		{"required names allOf branch properties", `{"type":"object","allOf":[{"properties":{"a":{}}}],"required":["a"]}`, nil},
		{"required names $ref target properties", `{"type":"object","$defs":{"B":{"properties":{"a":{}}}},"$ref":"#/$defs/B","required":["a"]}`, nil},
		{"required in a mixin definition", `{"type":"object","$defs":{"Needs":{"required":["a"]}},"properties":{"a":{}},"allOf":[{"$ref":"#/$defs/Needs"}]}`, nil},
		{"required when properties malformed", `{"type":"object","properties":5,"required":["a"]}`, []string{S + ".properties | " + msgProperties}},
		{"E1 empty", `{"type":"object","properties":{"a":{"enum":[]}}}`, []string{S + ".properties.a.enum | " + msgEnum}},
		{"E1 null", `{"type":"object","properties":{"a":{"enum":null}}}`, []string{S + ".properties.a.enum | " + msgEnum}},
		{"E1 string", `{"type":"object","properties":{"a":{"enum":"x"}}}`, []string{S + ".properties.a.enum | " + msgEnum}},
		{"N1 all keywords in order", `{"type":"object","properties":{"a":{"maxProperties":"1","minProperties":"1","maxItems":"1","minItems":"1","maxLength":"1","minLength":"1","multipleOf":"1","exclusiveMaximum":"1","exclusiveMinimum":true,"maximum":null,"minimum":"0"}}}`,
			[]string{
				S + ".properties.a.minimum | `minimum` must be a number.", S + ".properties.a.maximum | `maximum` must be a number.",
				S + ".properties.a.exclusiveMinimum | `exclusiveMinimum` must be a number.", S + ".properties.a.exclusiveMaximum | `exclusiveMaximum` must be a number.",
				S + ".properties.a.multipleOf | `multipleOf` must be a number.", S + ".properties.a.minLength | `minLength` must be a number.",
				S + ".properties.a.maxLength | `maxLength` must be a number.", S + ".properties.a.minItems | `minItems` must be a number.",
				S + ".properties.a.maxItems | `maxItems` must be a number.", S + ".properties.a.minProperties | `minProperties` must be a number.",
				S + ".properties.a.maxProperties | `maxProperties` must be a number.",
			}},
		{"N1 exact big numbers fine", `{"type":"object","properties":{"a":{"type":"integer","maximum":18446744073709551615,"minimum":-1e400}}}`, nil},
		{"P1", `{"type":"object","properties":{"a":{"pattern":5}}}`, []string{S + ".properties.a.pattern | " + msgPatternType}},
		{"P2", `{"type":"object","properties":{"a":{"pattern":"(?i)abc"}}}`, []string{S + ".properties.a.pattern | " + msgPatternInvalid + "…"}},
		{"P2 lookahead valid", `{"type":"object","properties":{"a":{"pattern":"^(?=.*\\d).+$"}}}`, nil},
		{"P2 in patternProperties key", `{"type":"object","patternProperties":{"[":{}}}`, []string{S + `.patternProperties["["] | This ` + "`patternProperties`" + ` key is not a valid regular expression.…`}},
		{"walk: items, additionalProperties, anyOf, $defs", `{"type":"object","$defs":{"D":{"enum":[]}},"additionalProperties":{"type":"bogus"},"properties":{"l":{"items":{"minimum":"0"}},"u":{"anyOf":[{"type":"string"},{"enum":[]}]}}}`,
			[]string{
				S + ".properties.l.items.minimum | `minimum` must be a number.",
				S + ".properties.u.anyOf[1].enum | " + msgEnum,
				S + ".$defs.D.enum | " + msgEnum,
				S + ".additionalProperties.type | Unknown JSON Schema type `bogus`.",
			}},
		{"walk reaches if/then/patternProperties", `{"type":"object","properties":{"a":{}},"if":{"properties":{"a":{"minLength":"1"}}},"then":{"required":["a"]},"patternProperties":{"^x":{"maxLength":"2"}}}`,
			[]string{S + ".if.properties.a.minLength | `minLength` must be a number.", S + `.patternProperties["^x"].maxLength | ` + "`maxLength` must be a number."}},
		{"unknown keywords are kept and fine", `{"type":"object","x-ui":{"widget":"text"},"properties":{"a":{"x-order":1}}}`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkIssues(t, validateText(t, tool(c.schema)), c.want...) })
	}
}

func TestRefRules(t *testing.T) {
	const S = "inputSchema"
	cases := []struct {
		name, schema string
		want         []string
	}{
		{"local ok", `{"type":"object","$defs":{"M":{"type":"string"}},"properties":{"a":{"$ref":"#/$defs/M"}}}`, nil},
		{"root and recursion ok", `{"type":"object","properties":{"self":{"$ref":"#"},"node":{"$ref":"#/$defs/N"}},"$defs":{"N":{"type":"object","properties":{"next":{"$ref":"#/$defs/N"}}}}}`, nil},
		{"escapes ok", `{"type":"object","$defs":{"a/b":{},"c~d":{},"e f":{}},"properties":{"x":{"$ref":"#/$defs/a~1b"},"y":{"$ref":"#/$defs/c~0d"},"z":{"$ref":"#/$defs/e%20f"}}}`, nil},
		{"anchor ok", `{"type":"object","$defs":{"M":{"$anchor":"money","type":"number"}},"properties":{"a":{"$ref":"#money"}}}`, nil},
		{"anchor missing", `{"type":"object","properties":{"a":{"$ref":"#money"}}}`, []string{S + ".properties.a.$ref | `#money` does not resolve: no subschema has `$anchor` `money`. Add `\"$anchor\": \"money\"` to the subschema it means, or use a pointer such as `#/$defs/Name`."}},
		{"dangling", `{"type":"object","properties":{"a":{"$ref":"#/$defs/Nope"}}}`, []string{S + ".properties.a.$ref | `#/$defs/Nope` does not resolve: nothing exists at that location in this schema. Point it at an existing subschema, or add the missing one."}},
		{"external", `{"type":"object","properties":{"a":{"$ref":"https://example.com/s.json"}}}`, []string{S + ".properties.a.$ref | `https://example.com/s.json` points outside this document.…"}},
		{"relative file", `{"type":"object","properties":{"a":{"$ref":"other.json#/x"}}}`, []string{S + ".properties.a.$ref | `other.json#/x` points outside this document.…"}},
		{"not a schema", `{"type":"object","$defs":{"n":5},"properties":{"a":{"$ref":"#/$defs/n"}}}`,
			[]string{S + ".$defs.n | A subschema must be a JSON Schema object, not a number…", S + ".properties.a.$ref | `#/$defs/n` resolves to a number, not a schema object. Point it at a subschema."}},
		{"not a string", `{"type":"object","properties":{"a":{"$ref":5}}}`, []string{S + ".properties.a.$ref | `$ref` must be a string such as `#/$defs/Name`, not a number."}},
		{"bad escape", `{"type":"object","$defs":{},"properties":{"a":{"$ref":"#/$defs/%zz"}}}`, []string{S + ".properties.a.$ref | `#/$defs/%zz` is not a valid JSON Pointer: a percent-escape in it cannot be decoded. Write `%25` for a literal `%`."}},
		{"dangling inside a definition", `{"type":"object","$defs":{"A":{"properties":{"b":{"$ref":"#/$defs/B"}}}}}`, []string{S + ".$defs.A.properties.b.$ref | `#/$defs/B` does not resolve…"}},
		{"array index pointer", `{"type":"object","anyOf":[{"type":"object"}],"properties":{"a":{"$ref":"#/anyOf/0"},"b":{"$ref":"#/anyOf/01"}}}`, []string{S + ".properties.b.$ref | `#/anyOf/01` does not resolve…"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkIssues(t, validateText(t, tool(c.schema)), c.want...) })
	}
}

func TestMetaschemaRules(t *testing.T) {
	const S = "inputSchema"
	cases := []struct {
		name, schema string
		want         []string
	}{
		// Our own rule already reports these paths: no second error.
		{"minimum string", `{"type":"object","properties":{"a":{"minimum":"5"}}}`, []string{S + ".properties.a.minimum | `minimum` must be a number."}},
		{"items number", `{"type":"object","properties":{"a":{"items":5}}}`, []string{S + ".properties.a.items | A subschema must be a JSON Schema object, not a number…"}},
		{"type array with number", `{"type":"object","properties":{"a":{"type":["string",5]}}}`, []string{S + ".properties.a.type | " + msgTypeShape}},
		// Only the metaschema catches these; the message says what to write
		// instead, with numbers as written (never rounded).
		{"negative minLength", `{"type":"object","properties":{"a":{"minLength":-1}}}`, []string{S + ".properties.a.minLength | `minLength` must be at least 0, not -1."}},
		{"huge negative maxLength", `{"type":"object","properties":{"a":{"maxLength":-1e400}}}`, []string{S + ".properties.a.maxLength | `maxLength` must be at least 0, not -1e400."}},
		{"fractional maxItems", `{"type":"object","properties":{"a":{"maxItems":1.5}}}`, []string{S + ".properties.a.maxItems | `maxItems` must be a whole number, not 1.5."}},
		{"multipleOf zero", `{"type":"object","properties":{"a":{"multipleOf":0}}}`, []string{S + ".properties.a.multipleOf | `multipleOf` must be greater than 0, not 0."}},
		{"multipleOf huge negative", `{"type":"object","properties":{"a":{"multipleOf":-1e400}}}`, []string{S + ".properties.a.multipleOf | `multipleOf` must be greater than 0, not -1e400."}},
		{"uniqueItems string", `{"type":"object","properties":{"a":{"uniqueItems":"yes"}}}`, []string{S + ".properties.a.uniqueItems | `uniqueItems` must be a boolean, not a string."}},
		{"duplicate required", `{"type":"object","properties":{"a":{}},"required":["a","a"]}`, []string{S + ".required | `required` lists `a` more than once; list each entry once."}},
		{"description number inside", `{"type":"object","properties":{"a":{"description":5}}}`, []string{S + ".properties.a.description | `description` must be a string, not a number."}},
		{"empty anyOf", `{"type":"object","anyOf":[]}`, []string{S + ".anyOf | `anyOf` is an empty array; give it at least one entry, or remove it."}},
		{"$id with a fragment", `{"type":"object","$id":"https://x/s#frag"}`, []string{S + ".$id | `$id` must not carry a fragment (`https://x/s#frag`): drop the part after `#`, and name a subschema with `$anchor` instead."}},
		{"bad anchor", `{"type":"object","$anchor":"1x"}`, []string{S + ".$anchor | `$anchor` must be a plain name (a letter or `_`, then letters, digits, `-`, `.` or `_`), not `1x`."}},
		{"properties inside if", `{"type":"object","if":{"properties":5}}`, []string{S + ".if.properties | " + msgProperties}},
		{"dependencies (library only)", `{"type":"object","dependencies":{"a":5}}`, []string{S + ".dependencies.a | `dependencies.a` must be an array, a boolean or an object, not a number."}},
		{"valid dependencies", `{"type":"object","dependencies":{"a":["b"],"c":{"required":[]}}}`, nil},
		{"type list with duplicates", `{"type":"object","properties":{"a":{"type":["string","string"]}}}`, []string{S + ".properties.a.type | `type` lists `string` more than once; list each type once."}},
		{"type repeated three times is one error", `{"type":"object","properties":{"a":{"type":["null","string","null","null"]}}}`, []string{S + ".properties.a.type | `type` lists `null` more than once; list each type once."}},
		{"empty type list on inputSchema", `{"type":[]}`, []string{S + ".type | " + msgSchemaType, S + ".type | " + msgTypeEmpty}},
		{"empty type list", `{"type":"object","properties":{"a":{"type":[]}}}`, []string{S + ".properties.a.type | `type` is an empty array; name at least one type, or remove `type` to accept any value."}},
		{"1.0 is an integer for the metaschema", `{"type":"object","properties":{"a":{"maxLength":1.0}}}`, nil},
		{"draft-07 $schema is just a string", `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","definitions":{"A":{"type":"string"}}}`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { checkIssues(t, validateText(t, tool(c.schema)), c.want...) })
	}
}

func TestUTF16Compare(t *testing.T) {
	ordered := []string{"", "B.json", "Z", "_x", "a", "a.json", "é.json", "😀", "\uFF21"}
	for i := range ordered {
		for j := range ordered {
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			if got := utf16Compare(ordered[i], ordered[j]); got != want {
				t.Errorf("compare(%q, %q) = %d, want %d", ordered[i], ordered[j], got, want)
			}
		}
	}
	if utf16Compare("😀", "😁") >= 0 || utf16Compare("a😀", "a") <= 0 {
		t.Error("surrogate pairs must compare by both units")
	}
}

// FuzzUTF16Compare holds utf16Compare's shortcut to the character-by-
// character comparison, invalid UTF-8 included.
func FuzzUTF16Compare(f *testing.F) {
	for _, s := range [][2]string{
		{"tool_a", "tool_b"}, {"a", "ab"}, {"\xc3", "\xc3\xa9"}, {"\xef\xbf\xbd", "\xff"},
		{"x\uE000", "x😀"}, {"é", "e"}, {"", "a"}, {"a\xc3A", "a\xc3B"}, {"\xf0\x9f", "\xf0\x9f\x98\x80"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if got, want := utf16Compare(a, b), utf16CompareRunes(a, b); got != want {
			t.Fatalf("utf16Compare(%q, %q) = %d, character by character %d", a, b, got, want)
		}
	})
}

func TestKeywordSlotsMatchNames(t *testing.T) {
	for i, name := range keywordNames {
		if name == "" || keywordSlot(name) != i {
			t.Errorf("slot %d: name %q maps to %d", i, name, keywordSlot(name))
		}
	}
	if keywordSlot("x-custom") != -1 {
		t.Error("unknown keyword has a slot")
	}
}
