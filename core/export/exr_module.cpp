// The OpenEXR encoder, a module of its own (exr_module.hpp says why).
#include "core/export/exr_module.hpp"

#include <ImfChannelList.h>
#include <ImfFrameBuffer.h>
#include <ImfHeader.h>
#include <ImfIO.h>
#include <ImfOutputFile.h>
#include <ImfThreading.h>

#include <cstring>
#include <exception>
#include <vector>

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

Imf::Compression exrCompression(int c) {
  switch (c) {
    case 1:
      return Imf::ZIP_COMPRESSION;
    case 2:
      return Imf::NO_COMPRESSION;
    default:
      return Imf::PIZ_COMPRESSION;
  }
}

void copyError(const char* what, char* error, std::size_t capacity) {
  if (capacity == 0) return;
  std::strncpy(error, what, capacity - 1);
  error[capacity - 1] = '\0';
}

}  // namespace

extern "C" __attribute__((visibility("default"))) int terrain_exr_encode_v1(
    const float* heights, int width, int height, int compression, int threads, TerrainExrSink sink,
    void* context, char* error, std::size_t errorCapacity) {
  try {
    MemoryStream stream;
    // OpenEXR compresses blocks of lines on its own process-wide pool, which
    // starts empty: grow it to the export's threads (it is never shrunk, and
    // the bytes are the same for any count).
    if (Imf::globalThreadCount() < threads) Imf::setGlobalThreadCount(threads);
    Imf::Header header(width, height);
    header.channels().insert("Y", Imf::Channel(Imf::FLOAT));
    header.compression() = exrCompression(compression);
    {
      Imf::OutputFile out(stream, header, threads);
      Imf::FrameBuffer frame;
      frame.insert("Y", Imf::Slice::Make(Imf::FLOAT, heights, Imath::V2i(0, 0), width, height));
      out.setFrameBuffer(frame);
      out.writePixels(height);
    }  // the file is complete when OutputFile is gone
    sink(context, stream.bytes().data(), stream.bytes().size());
    return 0;
  } catch (const std::exception& e) {  // Iex::BaseExc and std::bad_alloc
    copyError(e.what(), error, errorCapacity);
  } catch (...) {
    copyError("unknown error", error, errorCapacity);
  }
  return 1;
}
