#pragma once
// The window's own file browser (issue 38 item 8), on Dear ImGui: folders,
// up and home, a name field, the files the purpose opens (projects, DEMs,
// ramps; folders for an export), recent files, Enter to choose and Escape
// to close. What it lists and refuses is app/file_listing.hpp's.
#include <optional>
#include <string>
#include <vector>

#include "app/file_listing.hpp"
#include "core/graph/graph.hpp"

namespace terrain::app {

struct FileBrowser {
  bool open = false;
  bool justOpened = false;  // the popup opens and the name field takes the keys
  BrowsePurpose purpose = BrowsePurpose::OpenProject;
  NodeId node = 0;     // ImportDem: the import node whose file is chosen
  std::string folder;  // absolute
  std::string name;    // the name field: a name in the folder or a path
  FolderListing listing;
  std::string status;  // why the last choice was refused
  // Save as: the existing file the designer was asked about; a second
  // choice of the same path (Replace, or Enter) writes over it.
  std::string replacing;
};

// Opens the browser for `purpose` in the folder of `start` (a file or a
// folder; "" = the current folder), its name in the name field.
void openBrowser(FileBrowser& browser, BrowsePurpose purpose, const std::string& start,
                 NodeId node = 0);

// Goes into `folder` and lists it; an unlistable folder keeps the old one
// on screen and says why.
void enterFolder(FileBrowser& browser, const std::string& folder);

// What the name field and the folder make: the path chosen (a project's
// ending added for Save as), or why not.
struct BrowseChoice {
  std::string path;
  std::string refused;
};
BrowseChoice choiceOf(const FileBrowser& browser);

// Draws the browser while it is open and returns the path chosen (the
// browser then closes and the path leads `recent`, the settings' recent
// files).
std::optional<std::string> drawFileBrowser(FileBrowser& browser, std::vector<std::string>& recent);

}  // namespace terrain::app
