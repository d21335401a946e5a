// Package distribution holds no code: its tests check the files that ship
// the tool to users (the release workflow and its build script, the
// pre-commit hook definitions, the README's install lines, the Dockerfile)
// against the repository, so that each names commands, packages and
// platforms that exist and does what it says when run.
package distribution
