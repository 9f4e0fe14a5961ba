#pragma once
// The desktop's file and folder choosers, through zenity where it is
// installed (GNOME's and most desktops' dialog helper); without it the
// panel's path fields are the way in.
#include <optional>
#include <string>

namespace terrain::app {

enum class FileDialogKind { Open, Save };

// zenity is on the PATH.
bool fileDialogAvailable();

// Shows the chooser (blocking, as a modal dialog does) and returns the
// path chosen; nullopt when the designer cancels or no chooser can run.
// `start` pre-fills the name or folder.
std::optional<std::string> chooseProjectFile(FileDialogKind kind, const std::string& start);

// The folder chooser, the same way (blocking; nullopt when cancelled or no
// chooser can run). `start`: the folder it opens in ("" = zenity's own).
std::optional<std::string> chooseFolder(const std::string& start);

}  // namespace terrain::app
