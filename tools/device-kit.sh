#!/usr/bin/env bash
# Assembles .device-kit/ (ignored): what a lent GPU machine needs to run the device check and
# the benches, and nothing more — node_modules (255 MiB) cannot travel, the machine has no
# network and may have no Node. docs/gpu-session.md gives the `run` call that carries it, which
# first runs the kit's unpack.sh (tools/device-kit-unpack.sh). The bundles read the compiled
# programs beside them (the node program packed is 7.7 MB), so they travel compressed:
#   kit.tar.xz   dist/node/{device-check,bench,cli,cpu-pool-worker}.js  the bundles
#                dist/node/programs/               the compiled programs they read
#                host/native/build/Release/*.node  the native addon (its dispatcher picks the ISA there)
#                node_modules/webgpu/              Dawn for linux-x64, resolvable from dist/node
#                node_modules/{bullmq,...}         BullMQ and its dependencies, which cli.js imports
#   vectors/     blake2s_batch_n{7..13}.{inputs.bin,proof}, and vm/ the VM vectors' program,
#                public input, proof and summary
#   bin/node.xz  this Node, compressed (kept while its version holds)
#   gl/*.deb     the Vulkan loader, unpacked there only if it has none
#   unpack.sh    Node and kit.tar.xz unpacked in place (xz, or Python's lzma)
set -euo pipefail
cd "$(dirname "$0")/.."
KIT=.device-kit
VECTORS=${LEANVM_VECTORS:-../shared/vectors}
ADDON=host/native/build/Release/leanvm_native.node
DAWN=node_modules/webgpu

[ "$(uname -m)" = x86_64 ] || { echo "device-kit: the GPU machine is x86-64; build the kit on one" >&2; exit 1; }

npm run build --silent
# The addon is rebuilt when missing or older than its sources.
if [ ! -f $ADDON ] || [ -n "$(find host/native -path host/native/build -prune -o -type f -newer $ADDON -print -quit)" ]; then
  (cd host/native && npx node-gyp rebuild --jobs max >/dev/null)
fi

# Everything but the slow parts (bin/, gl/) is laid out afresh; what unpack.sh unpacks is
# staged apart and archived.
mkdir -p $KIT
find $KIT -mindepth 1 -maxdepth 1 ! -name bin ! -name gl -exec rm -rf {} +
STAGE=$(mktemp -d)
trap 'rm -rf "$STAGE"' EXIT
mkdir -p $STAGE/dist/node $STAGE/$(dirname $ADDON) $STAGE/$DAWN/dist/linux-x64 $KIT/vectors/vm $KIT/bin $KIT/gl
echo '{ "private": true, "type": "module" }' >$KIT/package.json
cp tools/device-kit-unpack.sh $KIT/unpack.sh
for b in device-check bench cli cpu-pool-worker; do cp dist/node/$b.js $STAGE/dist/node/; done
# The compiled programs the bundles read on first use (esbuild.config.mjs).
cp -r dist/node/programs $STAGE/dist/node/
cp $ADDON $STAGE/$ADDON
cp $DAWN/package.json $DAWN/index.js $STAGE/$DAWN/
cp $DAWN/dist/linux-x64/dawn.node $STAGE/$DAWN/dist/linux-x64/
# cli.js imports BullMQ for the distributed commands (on first use): it and what it depends on
# travel too, else those fail there (here Node would find this checkout's node_modules above).
for d in $(node -e '
  const { existsSync, readFileSync } = require("node:fs"), seen = new Set(), todo = ["bullmq"];
  while (todo.length) {
    const n = todo.pop(), p = `node_modules/${n}/package.json`;
    if (seen.has(n) || !existsSync(p)) continue;
    seen.add(n);
    const j = JSON.parse(readFileSync(p, "utf8"));
    todo.push(...Object.keys({ ...j.dependencies, ...j.optionalDependencies }));
  }
  console.log([...seen].join(" "));'); do
  mkdir -p $STAGE/node_modules/$(dirname $d) && cp -r node_modules/$d $STAGE/node_modules/$d
done
tar -C $STAGE -cf - dist host node_modules | xz -6 -T0 >$KIT/kit.tar.xz
for k in 7 8 9 10 11 12 13; do cp $VECTORS/flock/blake2s_batch_n$k.inputs.bin $VECTORS/flock/blake2s_batch_n$k.proof $KIT/vectors/; done
for p in arith calls loops hash bits big arith_rate2; do
  for ext in program.json public.json proof summary.json; do cp $VECTORS/vm/$p.$ext $KIT/vectors/vm/; done
done

version=$(node --version)
if [ "$(cat $KIT/bin/node.version 2>/dev/null)" != "$version" ]; then
  echo "device-kit: compressing node $version (a minute)"
  xz -6 -T0 -c "$(command -v node)" >$KIT/bin/node.xz
  echo "$version" >$KIT/bin/node.version
fi
if ! ls $KIT/gl/*.deb >/dev/null 2>&1; then
  # The device README's recipe, for the Vulkan loader alone (Dawn needs no GL).
  o='-oAPT::Architecture=amd64 -oAPT::Architectures=amd64 -oDir::State::Lists=/tmp/amd64'
  mkdir -p /tmp/amd64/partial
  if ! (apt-get $o update -qq && cd $KIT/gl && apt-get $o download -qq libvulkan1) >/dev/null 2>&1; then
    echo "device-kit: could not download libvulkan1; the machine must have a Vulkan loader" >&2
  fi
fi

# The kit as the machine will run it: a copy, unpacked, its own Node running the CLI.
rm -rf "${STAGE:?}"/* && cp -r $KIT/. $STAGE/
(sh $STAGE/unpack.sh && cd $STAGE && bin/node dist/node/cli.js info >/dev/null) || { echo "device-kit: unpacked, 'bin/node dist/node/cli.js info' fails" >&2; exit 1; }
bytes=$(du -sb $KIT | cut -f1)
du -sh $KIT/* | sed 's/^/device-kit: /'
# The run sends the repo's tree too; keep the kit well inside the 64 MiB the call carries.
[ "$bytes" -le $((56 * 1024 * 1024)) ] || { echo "device-kit: $KIT is $bytes bytes, over 56 MiB" >&2; exit 1; }
echo "device-kit: $KIT ready, $((bytes / 1024 / 1024)) MiB"
