// Package release rewrites the action's metadata for a release commit:
// action.yml runs the image the release pushed, pinned by digest, instead
// of building the Dockerfile, and setup/action.yml installs that release
// by default. The rewrite edits the one line it changes and leaves every
// other byte alone, so inputs, outputs and comments stay as on main.
package release

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
)

var (
	versionRe = regexp.MustCompile(`^v[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$`)
	digestRe  = regexp.MustCompile(`^sha256:[0-9a-f]{64}$`)
	imageRe   = regexp.MustCompile(`^[a-z0-9]+([._-][a-z0-9]+)*(\.[a-z0-9-]+)*(:[0-9]+)?(/[a-z0-9]+([._-][a-z0-9]+)*)+$`)
)

// ImageRef is the pinned reference of version's image: the registry tag
// drops the v (docker/metadata-action's semver tags do), the digest
// makes the tag irrelevant to what runs.
func ImageRef(image, version, digest string) (string, error) {
	if !imageRe.MatchString(image) {
		return "", fmt.Errorf("image %q is not a lower-case registry path (e.g. ghcr.io/schemaport/schemaport-action)", image)
	}
	if !versionRe.MatchString(version) {
		return "", fmt.Errorf("version %q is not a release tag like v1.2.3", version)
	}
	if !digestRe.MatchString(digest) {
		return "", fmt.Errorf("digest %q is not sha256: and 64 lower-case hex digits", digest)
	}
	return "docker://" + image + ":" + strings.TrimPrefix(version, "v") + "@" + digest, nil
}

// MajorTag is the tag that follows the latest release of a major version.
func MajorTag(version string) (string, error) {
	if !versionRe.MatchString(version) {
		return "", fmt.Errorf("version %q is not a release tag like v1.2.3", version)
	}
	major, _, _ := strings.Cut(version, ".")
	return major, nil
}

// PinAction replaces action.yml's `image: Dockerfile` under `runs:` with
// ref. Anything else there (already pinned, two images, no runs block) is
// an error naming the line, never a guess.
func PinAction(action []byte, ref string) ([]byte, error) {
	return replaceUnder(action, "runs", "image", "Dockerfile", ref)
}

// PinSetup sets the default of setup/action.yml's `version` input (empty
// on main) to version, so `uses: …/setup@v1` installs the release it came
// with.
func PinSetup(setup []byte, version string) ([]byte, error) {
	if !versionRe.MatchString(version) {
		return nil, fmt.Errorf("version %q is not a release tag like v1.2.3", version)
	}
	return replaceUnder(setup, "inputs.version", "default", "''", version)
}

// replaceUnder finds the single `key: want` line inside the block named by
// path (top-level key, then a nested key; dotted) and replaces its value.
func replaceUnder(doc []byte, path, key, want, value string) ([]byte, error) {
	lines := bytes.SplitAfter(doc, []byte("\n"))
	parts := strings.Split(path, ".")
	depth := 0           // how many parts of path the current line is inside
	indents := []int{-1} // indentation of each matched block's key
	found := -1
	for i, raw := range lines {
		line := strings.TrimRight(string(raw), "\r\n")
		trimmed := strings.TrimLeft(line, " ")
		if trimmed == "" || strings.HasPrefix(trimmed, "#") {
			continue
		}
		indent := len(line) - len(trimmed)
		for depth > 0 && indent <= indents[depth] {
			depth--
			indents = indents[:depth+1]
		}
		if depth < len(parts) {
			if trimmed == parts[depth]+":" {
				depth++
				indents = append(indents, indent)
			}
			continue
		}
		k, v, ok := strings.Cut(trimmed, ":")
		if !ok || k != key || indent <= indents[depth] {
			continue
		}
		v = strings.TrimSpace(v)
		if v != want {
			return nil, fmt.Errorf("line %d: %s.%s is %s, want %s (is this already a release commit?)", i+1, path, key, v, want)
		}
		if found >= 0 {
			return nil, fmt.Errorf("line %d: a second %s.%s (the first is on line %d)", i+1, path, key, found+1)
		}
		found = i
		eol := raw[len(line):]
		lines[i] = append([]byte(line[:indent]+key+": "+value), eol...)
	}
	if found < 0 {
		return nil, fmt.Errorf("no `%s: %s` under `%s:`", key, want, path)
	}
	return bytes.Join(lines, nil), nil
}
