#include "app/frame_actions.hpp"

// GLFW's key codes: ImGui 1.86 indexes keys by them.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <filesystem>
#include <string>
#include <vector>

#include "app/document_edits.hpp"
#include "app/file_dialog.hpp"
#include "app/view_controls.hpp"
#include "core/color.hpp"
#include "core/document_inputs.hpp"
#include "core/outputs.hpp"
#include "core/project.hpp"
#include "core/quote.hpp"

namespace terrain::app {
namespace {

// Open, Save and Save as; messages go to the panel. Returns whether the
// document was replaced.
bool projectActions(AppState& s, const PanelActions& a) {
  const std::string typed = s.projectPathInput;
  if (a.open) {
    if (typed.empty()) {
      s.projectStatus = {"type the project's path first", false};
      return false;
    }
    try {
      s.doc = loadProject(typed);
      s.projectPath = typed;
      s.projectStatus = {"opened " + std::filesystem::absolute(typed).string(), true};
      return true;
    } catch (const std::exception& e) {
      s.projectStatus = {std::string(e.what()) + " (the current document stays)", false};
      return false;
    }
  }
  if (a.save || a.saveAs) {
    const std::string path = a.saveAs || s.projectPath.empty() ? typed : s.projectPath;
    if (path.empty()) {
      s.projectStatus = {"type a path for the project (e.g. my-island.json)", false};
      return false;
    }
    try {
      // A project saved over the DEM or ramp it reads would destroy it.
      std::vector<DocumentInput> inputs = importedFiles(s.doc);
      if (!isBuiltinRamp(s.doc.look.ramp) && s.doc.look.ramp != "auto") {
        inputs.push_back({"the look's ramp (" + excerpt(s.doc.look.ramp) + ")", s.doc.look.ramp});
      }
      refuseOverwritingAnInput("save", path, inputs);
      saveProject(path, s.doc);
      s.projectPath = path;
      s.projectPathInput = path;
      s.projectStatus = {"saved " + std::filesystem::absolute(path).string(), true};
    } catch (const std::exception& e) {
      s.projectStatus = {e.what(), false};
    }
  }
  return false;
}

bool ctrlPressed(int glfwKey, bool shift) {  // ImGui 1.86 indexes keys by GLFW code
  const ImGuiIO& io = ImGui::GetIO();
  return io.KeyCtrl && io.KeyShift == shift && ImGui::IsKeyPressed(glfwKey, false);
}

}  // namespace

void addShortcuts(PanelActions& a) {
  a.undo |= ctrlPressed(GLFW_KEY_Z, false);
  a.redo |= ctrlPressed(GLFW_KEY_Z, true) || ctrlPressed(GLFW_KEY_Y, false);
  a.save |= ctrlPressed(GLFW_KEY_S, false);
  a.saveAs |= ctrlPressed(GLFW_KEY_S, true);
  a.open |= ctrlPressed(GLFW_KEY_O, false);
}

void askForProjectFile(AppState& s, PanelActions& a) {
  const bool needsPath = a.open || a.saveAs || (a.save && s.projectPath.empty());
  if (!needsPath || !fileDialogAvailable()) return;
  const FileDialogKind kind = a.open ? FileDialogKind::Open : FileDialogKind::Save;
  const std::string start =
      s.projectPath.empty() ? defaultFileStem(s.doc) + ".json" : s.projectPath;
  const auto chosen = chooseProjectFile(kind, start);
  if (!chosen) {
    a.open = a.save = a.saveAs = false;
    return;
  }
  s.projectPathInput = *chosen;
  if (a.save) a.saveAs = true;
}

bool applyActions(AppState& s, const PanelActions& a) {
  bool changed = a.documentChanged;
  if (a.nextSeed) {
    s.doc.seed = nextSeed(s.doc.seed);
    changed = true;
  }
  if (a.undo || a.redo) changed |= undoRedo(s.doc, s.history, a.undo);
  changed |= projectActions(s, a);
  if (a.resetView) resetView(s);
  return changed;
}

}  // namespace terrain::app
