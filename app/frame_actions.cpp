#include "app/frame_actions.hpp"

// GLFW's key codes: ImGui 1.86 indexes keys by them.
#include <GLFW/glfw3.h>
#include <imgui.h>

#include <filesystem>
#include <string>
#include <vector>

#include "app/document_edits.hpp"
#include "app/file_browser.hpp"
#include "app/view_controls.hpp"
#include "core/base/quote.hpp"
#include "core/document/document_inputs.hpp"
#include "core/document/project.hpp"
#include "core/export/outputs.hpp"
#include "core/look/color.hpp"

namespace terrain::app {
namespace {

// Open, Save and Save as; messages go to the panel. Returns whether the
// document was replaced.
bool projectActions(DocumentState& document, EditorState& editor, const PanelActions& a) {
  const std::string typed = editor.projectPathInput;
  if (a.open) {
    if (typed.empty()) {
      document.projectStatus = {"type the project's path first", false};
      return false;
    }
    try {
      document.doc = loadProject(typed);
      document.projectPath = typed;
      std::string opened = "opened " + std::filesystem::absolute(typed).string();
      // Where its exports go, seen before anything is written there.
      if (!document.doc.exports.folder.empty()) {
        opened += "; exports go to " + excerpt(document.doc.exports.folder);
      }
      if (!document.doc.exports.folderNote.empty())
        opened += "; " + document.doc.exports.folderNote;
      document.projectStatus = {opened, document.doc.exports.folderNote.empty()};
      return true;
    } catch (const std::exception& e) {
      document.projectStatus = {std::string(e.what()) + " (the current document stays)", false};
      return false;
    }
  }
  if (a.save || a.saveAs) {
    // Save as's path comes from the browser, which gave it a project's
    // ending and asked before replacing a file (app/file_browser.cpp).
    const std::string path =
        a.saveAs || document.projectPath.empty() ? typed : document.projectPath;
    if (path.empty()) {
      document.projectStatus = {"type a path for the project (e.g. my-island.json)", false};
      return false;
    }
    try {
      // A project saved over the DEM or ramp it reads would destroy it.
      std::vector<DocumentInput> inputs = importedFiles(document.doc);
      if (!isBuiltinRamp(document.doc.look.ramp) && document.doc.look.ramp != "auto") {
        inputs.push_back(
            {"the look's ramp (" + excerpt(document.doc.look.ramp) + ")", document.doc.look.ramp});
      }
      refuseOverwritingAnInput("save", path, inputs);
      saveProject(path, document.doc);
      document.projectPath = path;
      editor.projectPathInput = path;
      document.projectStatus = {"saved " + std::filesystem::absolute(path).string(), true};
    } catch (const std::exception& e) {
      document.projectStatus = {e.what(), false};
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
}

void askForProjectFile(const DocumentState& document, EditorState& editor, PanelActions& a) {
  if (editor.browser.open) return;
  const std::string start = !document.projectPath.empty() ? document.projectPath
                            : !editor.projectPathInput.empty()
                                ? editor.projectPathInput
                                : defaultFileStem(document.doc) + ".terrain.json";
  if (ctrlPressed(GLFW_KEY_O, false)) {
    openBrowser(editor.browser, BrowsePurpose::OpenProject, start);
  } else if (ctrlPressed(GLFW_KEY_S, true) || (a.save && document.projectPath.empty())) {
    a.save = false;
    openBrowser(editor.browser, BrowsePurpose::SaveProject, start);
  }
}

bool applyActions(DocumentState& document, EditorState& editor, WindowView& view,
                  const PanelActions& a) {
  bool changed = a.documentChanged;
  if (a.nextSeed) {
    document.doc.seed = nextSeed(document.doc.seed);
    changed = true;
  }
  if (a.undo || a.redo) changed |= undoRedo(document.doc, document.history, a.undo);
  changed |= projectActions(document, editor, a);
  if (a.resetView) resetView(view);
  return changed;
}

}  // namespace terrain::app
