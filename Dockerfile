# syntax=docker/dockerfile:1
#
# The action's image: one static Go binary on Alpine with git and git-lfs
# (the base revision is read with the git CLI). Both bases are pinned by tag and
# digest. The digests come from public Dockerfiles that pin the same tags
# (golang:1.26.8-alpine3.24 and alpine:3.24, checked against several
# sources); no registry was reachable where this file was written, so check
# them with `docker buildx imagetools inspect <tag>` when you bump them.
#
# No USER: the runner mounts GITHUB_OUTPUT and GITHUB_STEP_SUMMARY owned by
# its own user, and only root in the container can write them. No WORKDIR in
# the final stage: the runner mounts the workspace and sets the working
# directory itself.

# The build stage runs on the builder's platform and cross-compiles, so a
# multi-platform release build compiles natively instead of under emulation.
FROM --platform=$BUILDPLATFORM golang:1.26.8-alpine3.24@sha256:8ac98ca534ac3f51e1f420a1dd2c15e74c75cfa0f23f3ad27eb5d7236c349a0c AS build
WORKDIR /src
ENV CGO_ENABLED=0 GOTOOLCHAIN=local GOFLAGS=-buildvcs=false
COPY go.mod go.sum ./
RUN go mod download
COPY cmd ./cmd
COPY internal ./internal
# docs/rules.md is embedded: `explain` prints its examples.
COPY docs ./docs
ARG TARGETOS
ARG TARGETARCH
# VERSION (a release tag) replaces the version compiled into the binary.
ARG VERSION=
RUN ldflags="-s -w"; \
    if [ -n "$VERSION" ]; then \
      ldflags="$ldflags -X github.com/schemaport/schemaport-action/internal/version.Version=$VERSION"; \
    fi; \
    GOOS="${TARGETOS:-linux}" GOARCH="$TARGETARCH" \
      go build -trimpath -ldflags="$ldflags" -o /out/schemaport-action ./cmd/schemaport-action

FROM alpine:3.24@sha256:28bd5fe8b56d1bd048e5babf5b10710ebe0bae67db86916198a6eec434943f8b
# git-lfs: a base revision's tool files stored in Git LFS are pointers in
# git's objects; `git lfs smudge` gives their content (a few MB).
RUN apk add --no-cache git git-lfs
COPY --from=build /out/schemaport-action /usr/local/bin/schemaport-action
# Exec form, straight to the binary: a shell in between (sh, busybox) drops
# the INPUT_* variables whose names contain hyphens (INPUT_FAIL-ON).
ENTRYPOINT ["/usr/local/bin/schemaport-action"]
