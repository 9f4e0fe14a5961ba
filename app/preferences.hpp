#pragma once
// What outlives the document: the settings the panel edits (settings.ini),
// and the configuration folder's notes.
#include <string>
#include <vector>

namespace terrain::app {

struct Preferences {
  int nodeCacheMiB = 0;  // node results kept beyond the last run's
  // Files and folders opened, saved, imported or exported to, newest first
  // (app/file_listing.hpp's noteRecent): the file browser's Recent list.
  std::vector<std::string> recentFiles;
  // What of the settings or the last session was ignored at start, and why
  // the last save of the session or of the settings failed (each cleared
  // when the next save of it succeeds).
  std::string settingsNote;
  std::string sessionSaveNote;
  std::string settingsSaveNote;
};

// The notes as the panel shows them, "; " between; "" when none.
inline std::string configNotes(const Preferences& p) {
  std::string out;
  for (const std::string* note : {&p.settingsNote, &p.sessionSaveNote, &p.settingsSaveNote}) {
    if (!note->empty()) out.append(out.empty() ? "" : "; ").append(*note);
  }
  return out;
}

}  // namespace terrain::app
