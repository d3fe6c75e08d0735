#!/usr/bin/env bash
# Builds the kernel harness (every path compiled in, as in the addon) once and runs it under
# each RUNNER given (a command prefix; '' or none: directly), e.g.
#   host/native/test/run.sh '' 'qemu-x86_64-static -cpu qemu64'     here, then with no SIMD
#   CXX=aarch64-linux-gnu-g++ host/native/test/run.sh qemu-aarch64-static
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cxx="${CXX:-g++}"
out="$here/../build/test"
mkdir -p "$out"
bin="$out/harness-$("$cxx" -dumpmachine)"
sources=("$here/harness.cpp")
for f in "$here"/../src/*.cc; do [ "$(basename "$f")" = addon.cc ] || sources+=("$f"); done
"$cxx" -O2 -std=c++17 -Wall -Wextra -pthread -static -o "$bin" "${sources[@]}"
runners=("$@")
[ ${#runners[@]} -gt 0 ] || runners=('')
for runner in "${runners[@]}"; do
  echo "== ${runner:-native}: $(basename "$bin")"
  $runner "$bin"
done
