#!/bin/sh
# Unpacks a device kit where it lies (tools/device-kit.sh; docs/gpu-session.md): Node into
# bin/node, and kit.tar.xz (the bundles, Dawn, the addon) into dist/, node_modules/, host/. The
# lent machine may have no xz: Python's lzma then.
set -e
cd "$(dirname "$0")"
unxz() { xz -dc "$1" 2>/dev/null || python3 -c 'import lzma,shutil,sys; shutil.copyfileobj(lzma.open(sys.argv[1]), sys.stdout.buffer)' "$1"; }
unxz bin/node.xz >bin/node
chmod +x bin/node
unxz kit.tar.xz | tar -x
