package snapshot

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/schemaport/schemaport-action/internal/snapshot/mcptest"
)

// scripted is a stdio server answering as the script says.
func scripted(t *testing.T, name string, sc mcptest.Script) Server {
	t.Helper()
	s := stdio(t, "script")
	s.Name = name
	data, err := json.Marshal(sc)
	if err != nil {
		t.Fatal(err)
	}
	s.Env = append(s.Env, mcptest.ScriptEnv+"="+string(data))
	return s
}

func pages(p map[string]string) map[string]json.RawMessage {
	out := map[string]json.RawMessage{}
	for k, v := range p {
		out[k] = json.RawMessage(v)
	}
	return out
}

// A server that answers initialize with an error is an error naming the
// server with the server's own message; a server that exits 0 because its
// input was closed after the failure is not said to have "exited".
func TestInitializeError(t *testing.T) {
	s := scripted(t, "db", mcptest.Script{InitError: json.RawMessage(`{"code":-32603,"message":"missing DATABASE_URL"}`)})
	_, err := List(context.Background(), s, 10*time.Second)
	want := `MCP server db: initialising failed: calling "initialize": missing DATABASE_URL`
	if err == nil || err.Error() != want {
		t.Errorf("err = %v\nwant %s", err, want)
	}
}
