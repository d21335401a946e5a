// Command pin-release turns a checkout of a release tag into the release
// commit's tree: action.yml runs the image the release pushed, pinned by
// digest, and setup/action.yml installs that release by default. It prints
// the major tag (v1) the release workflow then moves to the commit.
//
//	go run ./tools/pin-release --image ghcr.io/schemaport/schemaport-action \
//	    --version v1.2.3 --digest sha256:<64 hex> [--dir .]
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/schemaport/schemaport-action/internal/release"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "pin-release:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("pin-release", flag.ContinueOnError)
	image := fs.String("image", "", "the image, lower case, without tag (ghcr.io/owner/repo)")
	version := fs.String("version", "", "the release tag (v1.2.3)")
	digest := fs.String("digest", "", "the pushed image's digest (sha256:...)")
	dir := fs.String("dir", ".", "the repository checkout")
	if err := fs.Parse(args); err != nil {
		return err
	}
	ref, err := release.ImageRef(*image, *version, *digest)
	if err != nil {
		return err
	}
	major, err := release.MajorTag(*version)
	if err != nil {
		return err
	}
	// Both files are rewritten in memory first: a refusal writes neither.
	actionPath := filepath.Join(*dir, "action.yml")
	setupPath := filepath.Join(*dir, "setup", "action.yml")
	action, err := os.ReadFile(actionPath)
	if err != nil {
		return err
	}
	setup, err := os.ReadFile(setupPath)
	if err != nil {
		return err
	}
	if action, err = release.PinAction(action, ref); err != nil {
		return fmt.Errorf("%s: %w", actionPath, err)
	}
	if setup, err = release.PinSetup(setup, *version); err != nil {
		return fmt.Errorf("%s: %w", setupPath, err)
	}
	if err := os.WriteFile(actionPath, action, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(setupPath, setup, 0o644); err != nil {
		return err
	}
	fmt.Println(major)
	return nil
}
