#!/usr/bin/env bash
# Builds the kernel harness (every path compiled in, as in the addon) and runs it.
#   host/native/test/run.sh                                   native build
#   CXX=aarch64-linux-gnu-g++ RUNNER=qemu-aarch64-static \
#     host/native/test/run.sh                                 arm64, under qemu
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cxx="${CXX:-g++}"
out="$here/../build/test"
mkdir -p "$out"
bin="$out/harness-$("$cxx" -dumpmachine)"
sources=("$here/harness.cpp")
for f in "$here"/../src/*.cc; do [ "$(basename "$f")" = addon.cc ] || sources+=("$f"); done
"$cxx" -O2 -std=c++17 -Wall -Wextra -static -o "$bin" "${sources[@]}"
${RUNNER:-} "$bin"
