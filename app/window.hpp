#pragma once
// The interactive window: GLFW + OpenGL 3.3 core + Dear ImGui.
#include "app/options.hpp"

namespace terrain::app {

// Runs until the window closes (or --frames are done). Returns the exit
// status: 0 fine, 1 the window could not start or a screenshot failed
// (one line on stderr saying why).
int runWindow(const AppOptions& options);

}  // namespace terrain::app
