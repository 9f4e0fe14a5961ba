#pragma once
// The generated reference pages, docs/cli.md and docs/nodes.md: written from
// the same tables `export --help` reads, so the docs cannot drift from the
// program. `terrain-explorer docs cli|nodes` prints them (`./dev.sh docs`
// writes both); a test fails when a checked-in page differs.
#include <optional>
#include <string>
#include <string_view>

namespace terrain::cli {

std::string cliReferencePage();    // docs/cli.md
std::string nodesReferencePage();  // docs/nodes.md

// The page a `docs` argument names ("cli", "nodes"); nullopt when unknown.
std::optional<std::string> referencePage(std::string_view name);

}  // namespace terrain::cli
