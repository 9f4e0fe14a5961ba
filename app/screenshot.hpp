#pragma once
// What the window shows, as a PNG: the default framebuffer's back buffer,
// read after the frame is rendered and before it is swapped.
#include <string>

namespace terrain::app {

// Throws IoError naming the file when it cannot be written.
void saveFramebufferPng(const std::string& path, int framebufferWidth, int framebufferHeight);

}  // namespace terrain::app
