#!/usr/bin/env bash
# check-layers-test.sh — tests Scripts/check-layers.sh on altered copies of this repository.
#
# Why: a checker that never fails proves nothing. Each case copies Package.swift,
# Docs/Architecture.md, Sources/ and Tests/ into a scratch directory and breaks one thing: an
# upward import (in each import spelling the checker must see), a declared dependency nothing
# imports, an import Package.swift does not declare (in a module and in a test target), a module
# missing from the table, a table that allows an upward or an unmarked same-layer edge. Each case
# checks that the checker exits 1, counts the problems it expects and finds the message naming
# the one it made. The pristine copy, and imports that are only in comments or strings, must pass.
# Exit 0 when every case behaves; the last line counts the cases.
set -uo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
check="$repo/Scripts/check-layers.sh"
checker=check-layers
source "$repo/Scripts/checker-test-harness.sh"

# fresh: a new pristine copy in $dir.
fresh() {
  next_case
  cp "$repo/Package.swift" "$dir/"
  cp "$repo/Docs/Architecture.md" "$dir/Docs/"
  cp -R "$repo/Sources" "$repo/Tests" "$dir/"
}

# prepend FILE TEXT: puts TEXT (may hold \n) above the first line of FILE.
prepend() {
  printf '%b\n' "$2" | cat - "$1" >"$1.new" && mv "$1.new" "$1"
}

fresh
expect_pass "the pristine tree passes"

# (i) An upward import: layer 0 importing layer 4 (also undeclared, hence two problems).
for spelling in "import Wallet" "@testable import Wallet" "@_spi(Testing) import Wallet" \
    "public import Wallet" "import struct Wallet.WalletStore" "@preconcurrency import Wallet" \
    "#if canImport(Wallet)\nimport Wallet\n#endif"; do
  fresh
  prepend "$dir/Sources/JSONModel/JSONParser.swift" "$spelling"
  line=1; [[ "$spelling" == "#if"* ]] && line=2
  expect_fail "upward import is refused: $(printf '%b' "$spelling" | tr '\n' ' ')" 2 \
    "^Sources/JSONModel/JSONParser.swift:$line: JSONModel imports Wallet, which the allowed-imports block in Docs/Architecture.md does not allow \(JSONModel is in layer 0, Wallet in layer 4"
done

# A same-layer import the doc does not name (Sandbox and Wallet share layer 4).
fresh
prepend "$dir/Sources/Sandbox/SandboxIssuer.swift" "import Wallet"
sed -i 's/"DID", "OpenDID", "CQRencode", "LoopbackServer",$/"DID", "OpenDID", "CQRencode", "LoopbackServer", "Wallet",/' "$dir/Package.swift"
expect_fail "an unnamed same-layer import is refused" 1 \
  "^Sources/Sandbox/SandboxIssuer.swift:1: Sandbox imports Wallet, .*Sandbox is in layer 4, Wallet in layer 4"

# (ii) A declared dependency nothing imports.
fresh
sed -i 's/\.target(name: "DCQL", dependencies: \["JSONModel", "Multiformats"\])/.target(name: "DCQL", dependencies: ["JSONModel", "Multiformats", "DID"])/' "$dir/Package.swift"
expect_fail "a declared but unused dependency is refused" 1 \
  '^Package.swift:[0-9]+: target DCQL declares a dependency on DID, but no file in Sources/DCQL imports it$'

# (iii) An import Package.swift does not declare, allowed by the layers (DCQL above JOSE).
fresh
prepend "$dir/Sources/DCQL/DCQLQuery.swift" "import JOSE"
expect_fail "an undeclared import is refused" 1 \
  '^Sources/DCQL/DCQLQuery.swift:1: DCQL imports JOSE, but Package.swift does not declare it in target DCQL.s dependencies \(being reachable through another dependency is not enough'

# The same from Package.swift's side: an import whose declaration is removed.
fresh
sed -i 's/\.target(name: "DID", dependencies: \["CryptoKeys", "Multiformats", "JSONModel", "HTTP"\])/.target(name: "DID", dependencies: ["CryptoKeys", "Multiformats", "JSONModel"])/' "$dir/Package.swift"
expect_fail "a dropped declaration of an imported module is refused" 1 \
  '^Sources/DID/[A-Za-z+/]+\.swift:[0-9]+: DID imports HTTP, but Package.swift does not declare it'

# Test targets are held to the same declarations (not to the layers).
fresh
sed -i 's/\.testTarget(name: "DCQLTests", dependencies: \["DCQL", /.testTarget(name: "DCQLTests", dependencies: ["DCQL", "CBOR", /' "$dir/Package.swift"
prepend "$dir/Tests/DCQLTests/DCQLQueryParsingTests.swift" "import Wallet"
expect_fail "a test target's unused and undeclared dependencies are refused" 2 \
  '^Package.swift:[0-9]+: target DCQLTests declares a dependency on CBOR, but no file in Tests/DCQLTests imports it$'
expect_fail "a test target's undeclared import is refused (not as a layer violation)" 2 \
  '^Tests/DCQLTests/DCQLQueryParsingTests.swift:1: DCQLTests imports Wallet, but Package.swift does not declare it'

# A module of Sources/ the table does not list.
fresh
mkdir "$dir/Sources/Extra"
echo "import JSONModel" >"$dir/Sources/Extra/Extra.swift"
expect_fail "a module missing from the table is refused" 3 \
  '^Sources/Extra: module Extra is missing from the allowed-imports block in Docs/Architecture.md$'

# The table itself may not allow an upward edge, nor a same-layer edge without its mark.
fresh
sed -i 's/^JSONModel: -$/JSONModel: Wallet/' "$dir/Docs/Architecture.md"
expect_fail "a table allowing an upward edge is refused" 1 \
  '^Docs/Architecture.md:[0-9]+: allowed-imports lets JSONModel \(layer 0\) import Wallet \(layer 4\): dependencies point downward only$'
fresh
sed -i 's/^\(MDoc: .*\); same layer: StatusList$/\1, StatusList/' "$dir/Docs/Architecture.md"
expect_fail "a table allowing an unmarked same-layer edge is refused" 1 \
  '^Docs/Architecture.md:[0-9]+: allowed-imports lets MDoc import StatusList of its own layer 2 without `same layer:`'

# Imports that are only text (comments, string literals) are not imports.
fresh
prepend "$dir/Sources/JSONModel/JSONParser.swift" \
  '// import Wallet\n/* a comment\nimport Wallet\n /* nested */\nimport Wallet */\nlet _layersExample = """\nimport Wallet\n"""'
expect_pass "imports in comments and strings are ignored"

finish
