#include "core/export/exr.hpp"

#include <ImfChannelList.h>
#include <ImfFrameBuffer.h>
#include <ImfHeader.h>
#include <ImfIO.h>
#include <ImfOutputFile.h>
#include <ImfThreading.h>

#include <cstring>
#include <exception>
#include <vector>

#include "core/base/error.hpp"
#include "core/io/atomic_file.hpp"

namespace terrain {
namespace {

// OpenEXR seeks back to fill in its line offset table, which a pipe cannot
// do: the file is assembled in memory and then written in one go.
class MemoryStream final : public Imf::OStream {
 public:
  MemoryStream() : Imf::OStream("memory") {}
  void write(const char c[], int n) override {
    const auto count = static_cast<std::size_t>(n);
    if (position_ + count > bytes_.size()) bytes_.resize(position_ + count);
    std::memcpy(bytes_.data() + position_, c, count);
    position_ += count;
  }
  std::uint64_t tellp() override { return position_; }
  void seekp(std::uint64_t pos) override { position_ = static_cast<std::size_t>(pos); }
  const std::vector<char>& bytes() const { return bytes_; }

 private:
  std::vector<char> bytes_;
  std::size_t position_ = 0;
};

Imf::Compression exrCompression(ExrCompression c) {
  switch (c) {
    case ExrCompression::Zip:
      return Imf::ZIP_COMPRESSION;
    case ExrCompression::None:
      return Imf::NO_COMPRESSION;
    case ExrCompression::Piz:
      break;
  }
  return Imf::PIZ_COMPRESSION;
}

}  // namespace

void writeExrChannel(const std::string& path, int width, int height, const float* samples,
                     const char* channel, ExrCompression compression, const Execution& exec) {
  const int threads = resolvedThreadCount(exec);
  MemoryStream stream;
  try {
    // OpenEXR compresses blocks of lines on its own process-wide pool, which
    // starts empty: grow it to the export's threads (it is never shrunk, and
    // the bytes are the same for any count).
    if (Imf::globalThreadCount() < threads) Imf::setGlobalThreadCount(threads);
    Imf::Header header(width, height);
    header.channels().insert(channel, Imf::Channel(Imf::FLOAT));
    header.compression() = exrCompression(compression);
    Imf::OutputFile out(stream, header, threads);
    Imf::FrameBuffer frame;
    frame.insert(channel, Imf::Slice::Make(Imf::FLOAT, samples, Imath::V2i(0, 0), width, height));
    out.setFrameBuffer(frame);
    out.writePixels(height);
  } catch (const std::exception& e) {  // Iex::BaseExc and std::bad_alloc
    throw IoError("cannot write '" + path + "': OpenEXR: " + e.what());
  }  // the file is complete when OutputFile is gone
  writeFileAtomically(
      path, [&](AtomicFile& file) { file.write(stream.bytes().data(), stream.bytes().size()); });
}

void writeExrHeights(const std::string& path, const Heightfield& field, ExrCompression compression,
                     const Execution& exec) {
  writeExrChannel(path, field.width, field.height, field.heights.data(), "Y", compression, exec);
}

}  // namespace terrain
