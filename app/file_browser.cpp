#include "app/file_browser.hpp"

#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "app/panel_widgets.hpp"
#include "core/base/quote.hpp"

namespace terrain::app {
namespace fs = std::filesystem;
namespace {

constexpr const char* kPopup = "Choose a file##browser";

std::string homeFolder() {
  const char* home = std::getenv("HOME");
  return home != nullptr && *home != '\0' ? std::string(home) : std::string("/");
}

std::string absoluteOf(const std::string& path) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(path.empty() ? fs::path(".") : fs::path(path), ec);
  return (ec ? fs::path(path) : absolute).lexically_normal().string();
}

// The folder's line: up, home, and the folder itself.
void folderBar(FileBrowser& b) {
  if (ImGui::Button("Up")) enterFolder(b, fs::path(b.folder).parent_path().string());
  tooltip("The folder above");
  ImGui::SameLine();
  if (ImGui::Button("Home")) enterFolder(b, homeFolder());
  ImGui::SameLine();
  ImGui::TextUnformatted(escapeControl(b.folder).c_str());  // a path is data
}

// The listing; a click on a file puts its name in the field, a double
// click on a folder goes in (on a file: chooses it).
bool entryList(FileBrowser& b, float height) {
  bool chosen = false;
  ImGui::BeginChild("entries", ImVec2(0.0f, height), true);
  std::optional<std::string> into;
  for (const FolderEntry& e : b.listing.entries) {
    const std::string label = (e.folder ? "[folder] " : "") + escapeControl(e.name);
    const bool selected = !e.folder && e.name == b.name;
    if (ImGui::Selectable(label.c_str(), selected, ImGuiSelectableFlags_AllowDoubleClick)) {
      const bool twice = ImGui::IsMouseDoubleClicked(0);
      if (e.folder && (twice || choosesFolder(b.purpose))) {
        into = (fs::path(b.folder) / e.name).string();
      } else if (!e.folder) {
        b.name = e.name;
        chosen = twice;
      }
    }
  }
  if (b.listing.entries.empty() && b.listing.error.empty()) {
    ImGui::TextColored(kDim, "nothing here to open");
  }
  ImGui::EndChild();
  if (into) enterFolder(b, *into);
  return chosen;
}

void listingNotes(const FileBrowser& b) {
  if (!b.listing.error.empty()) statusLine({b.listing.error, false});
  if (b.listing.capped) {
    statusLine({"only the first " + std::to_string(kMaxListed) +
                    " entries are listed: type the name to open another",
                false});
  }
  if (b.listing.hidden > 0) {
    ImGui::TextColored(kDim, "%zu other files not shown (not what this opens)", b.listing.hidden);
  }
}

// Recent files of the purpose's kind; a click puts the path in the field.
void recentCombo(FileBrowser& b, const std::vector<std::string>& recent) {
  std::vector<const std::string*> fitting;
  for (const std::string& path : recent) {
    std::error_code ec;
    if (choosesFolder(b.purpose) ? fs::is_directory(path, ec) : acceptsName(b.purpose, path)) {
      fitting.push_back(&path);
    }
  }
  if (fitting.empty()) return;
  if (ImGui::BeginCombo("Recent", "files opened or saved lately")) {
    for (const std::string* path : fitting) {
      if (ImGui::Selectable(escapeControl(*path).c_str())) {
        const fs::path p(*path);
        if (choosesFolder(b.purpose)) {
          enterFolder(b, *path);
        } else {
          enterFolder(b, p.parent_path().string());
          b.name = p.filename().string();
        }
      }
    }
    ImGui::EndCombo();
  }
}

bool keyPressed(ImGuiKey key) {
  return ImGui::IsKeyPressed(ImGui::GetKeyIndex(key), false);
}

// "island.terrain.json exists: Replace / Cancel", under the name field.
// Returns whether Replace was pressed; `keep` says Cancel was.
bool replaceRow(const FileBrowser& b, bool& keep) {
  const std::string name = escapeControl(fs::path(b.replacing).filename().string());
  ImGui::TextColored(kRed, "%s exists:", name.c_str());
  ImGui::SameLine();
  const bool replace = ImGui::Button("Replace");
  tooltip("Write over it (Enter)");
  ImGui::SameLine();
  keep = ImGui::Button("Cancel##keep");
  tooltip("Keep the file and choose another name (Escape)");
  return replace;
}

}  // namespace

void openBrowser(FileBrowser& b, BrowsePurpose purpose, const std::string& start, NodeId node) {
  b = FileBrowser{};
  b.open = true;
  b.justOpened = true;
  b.purpose = purpose;
  b.node = node;
  std::error_code ec;
  const std::string absolute = absoluteOf(start);
  if (!start.empty() && fs::is_directory(absolute, ec)) {
    enterFolder(b, absolute);
  } else if (!start.empty()) {
    enterFolder(b, fs::path(absolute).parent_path().string());
    if (!choosesFolder(purpose)) b.name = fs::path(absolute).filename().string();
  } else {
    enterFolder(b, absoluteOf("."));
  }
  if (b.folder.empty()) enterFolder(b, homeFolder());
}

void enterFolder(FileBrowser& b, const std::string& folder) {
  const std::string absolute = absoluteOf(folder);
  FolderListing listing = listFolder(absolute, b.purpose);
  if (!listing.error.empty() && !b.folder.empty()) {
    b.listing.error = listing.error;  // stay where we were, saying why
    return;
  }
  b.folder = absolute;
  b.listing = std::move(listing);
  b.status.clear();
}

BrowseChoice choiceOf(const FileBrowser& b) {
  fs::path path = b.name.empty() ? fs::path(b.folder) : fs::path(b.folder) / b.name;
  if (!b.name.empty() && fs::path(b.name).is_absolute()) path = b.name;
  path = withNameEnding(b.purpose, path.lexically_normal());
  BrowseChoice out{path.string(), {}};
  if (b.name.empty() && !choosesFolder(b.purpose)) {
    out.refused = "type a name or pick a file";
  } else if (auto why = refusedChoice(b.purpose, path)) {
    out.refused = *why;
  }
  return out;
}

std::optional<std::string> drawFileBrowser(FileBrowser& b, std::vector<std::string>& recent) {
  if (!b.open) return std::nullopt;
  if (b.justOpened) ImGui::OpenPopup(kPopup);
  const ImGuiViewport* screen = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(screen->GetCenter(), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(
      ImVec2(std::min(640.0f, screen->Size.x * 0.9f), std::min(480.0f, screen->Size.y * 0.9f)),
      ImGuiCond_Appearing);
  if (!ImGui::BeginPopupModal(kPopup, &b.open)) {
    b.open = false;
    return std::nullopt;
  }
  ImGui::TextUnformatted(std::string(purposeTitle(b.purpose)).c_str());
  folderBar(b);
  recentCombo(b, recent);
  const float footer = ImGui::GetFrameHeightWithSpacing() * 3.0f + ImGui::GetTextLineHeight() * 2;
  bool choose = entryList(b, std::max(ImGui::GetContentRegionAvail().y - footer, 60.0f));
  listingNotes(b);
  if (b.justOpened) ImGui::SetKeyboardFocusHere();
  b.justOpened = false;
  ImGui::SetNextItemWidth(-ImGui::CalcTextSize("Name").x - ImGui::GetStyle().ItemInnerSpacing.x);
  const char* hint = choosesFolder(b.purpose) ? "a folder inside this one (optional)" : "file name";
  choose |= ImGui::InputTextWithHint("Name", hint, &b.name, ImGuiInputTextFlags_EnterReturnsTrue);
  tooltip("A name in this folder, or a whole path; Enter chooses it, Escape closes");
  const char* verb = b.purpose == BrowsePurpose::SaveProject ? "Save"
                     : choosesFolder(b.purpose)              ? "Use this folder"
                     : b.purpose == BrowsePurpose::ImportDem ? "Import"
                                                             : "Open";
  choose |= ImGui::Button(verb);
  ImGui::SameLine();
  const bool cancel = ImGui::Button("Cancel") || keyPressed(ImGuiKey_Escape);
  if (!b.status.empty()) statusLine({b.status, false});
  bool keep = false;  // Escape while asked: keep the file, stay in the browser
  if (!b.replacing.empty() && b.replacing != choiceOf(b).path) b.replacing.clear();  // renamed
  if (!b.replacing.empty()) {
    // Enter answers the question whichever item has the keys (it gives
    // them back to the name field).
    choose |= replaceRow(b, keep) || keyPressed(ImGuiKey_Enter);
    keep |= cancel;
  }
  std::optional<std::string> chosen;
  if (keep) {
    b.replacing.clear();
  } else if (choose || (keyPressed(ImGuiKey_Enter) && !ImGui::IsAnyItemActive())) {
    const BrowseChoice c = choiceOf(b);
    std::error_code ec;
    if (!c.refused.empty()) {
      b.status = c.refused;
    } else if (!choosesFolder(b.purpose) && fs::is_directory(c.path)) {
      enterFolder(b, c.path);  // a folder's name typed: go in
      b.name.clear();
    } else if (choosesNewFile(b.purpose) && fs::exists(c.path, ec) && b.replacing != c.path) {
      b.replacing = c.path;  // never written over without asking
    } else {
      chosen = c.path;
      noteRecent(recent, c.path);
    }
  }
  if (chosen || (cancel && !keep)) {
    b.open = false;
    ImGui::CloseCurrentPopup();
  }
  ImGui::EndPopup();
  return chosen;
}

}  // namespace terrain::app
