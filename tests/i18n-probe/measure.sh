#!/usr/bin/env bash
# Builds the probe once per library (release, wasm-bindgen, wasm-opt -Oz as the app's build
# does) and prints what each adds to a download, brotli-compressed. Run from the repository
# root after `cargo xtask setup`: bash tests/i18n-probe/measure.sh
set -euo pipefail
probe=tests/i18n-probe
out=target/i18n-probe
mkdir -p "$out"
for feature in baseline skein fluent; do
  cargo build -q --release --target wasm32-unknown-unknown \
    --manifest-path "$probe/Cargo.toml" --target-dir "$out/target" --features "${feature/baseline/}"
  wasm-bindgen --target web --out-dir "$out/$feature" --out-name probe \
    "$out/target/wasm32-unknown-unknown/release/skein_i18n_probe.wasm"
  xtask/tools/node_modules/.bin/wasm-opt -Oz --all-features \
    "$out/$feature/probe_bg.wasm" -o "$out/$feature/probe_bg.wasm"
  node -e '
    const fs = require("fs"), zlib = require("zlib");
    const [feature, dir] = process.argv.slice(1);
    const size = (f) => zlib.brotliCompressSync(fs.readFileSync(f)).length;
    const wasm = size(`${dir}/probe_bg.wasm`), js = size(`${dir}/probe.js`);
    console.log(`${feature}: ${wasm} bytes brotli wasm + ${js} bytes brotli JS`);
  ' "$feature" "$out/$feature"
done
