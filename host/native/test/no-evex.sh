#!/usr/bin/env bash
# The x86-64 paths below AVX-512 must run where it is absent (Zen 3, Intel's client cores), and
# no qemu here emulates VPCLMULQDQ without it. So: every source whose target regions (its
# headers' included) name no AVX-512 feature must compile to no EVEX-encoded instruction
# (prefix 0x62, invalid outside EVEX in 64-bit mode).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
cxx="${CXX:-g++}"
status=0
src="$(cd "$here/../src" && pwd)"
for f in "$src"/*.cc; do
  [ "$(basename "$f")" = addon.cc ] && continue
  # The regions' targets, from src/ (the compiler's own headers have theirs).
  regions="$("$cxx" -std=c++17 -E "$f" | awk -v src="\"$src/" '/^# [0-9]+ "/ { file = $3 } /pragma GCC target/ && index(file, src) == 1 { print }')"
  [ -n "$regions" ] || continue
  grep -q avx512 <<<"$regions" && continue
  "$cxx" -O2 -std=c++17 -c "$f" -o "$tmp/obj.o"
  n="$(objdump -d "$tmp/obj.o" | awk -F'\t' 'NF >= 3 && $2 ~ /^62 /' | wc -l)"
  echo "$(basename "$f"): $n EVEX instructions"
  [ "$n" -eq 0 ] || status=1
done
exit "$status"
