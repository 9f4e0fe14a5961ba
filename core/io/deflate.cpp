#include "core/io/deflate.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <numeric>

namespace terrain {
namespace {

constexpr int kMaxCodeLength = 15;       // deflate's limit for literal/length codes
constexpr int kMaxCodeLengthLength = 7;  // and for the code-length code
constexpr int kEndOfBlock = 256;
constexpr int kFirstLengthSymbol = 257;
constexpr int kLiteralLengthSymbols = 286;
constexpr int kMinRun = 3;              // deflate's shortest match
constexpr int kMaxRun = 258;            // and longest
constexpr std::size_t kRunToken = 256;  // token = kRunToken + run length; below: a literal

// RFC 1951 3.2.5: lengths 3..258 as symbols 257..285 plus extra bits.
constexpr std::array<std::uint16_t, 29> kLengthBase = {3,  4,  5,  6,   7,   8,   9,   10,  11, 13,
                                                       15, 17, 19, 23,  27,  31,  35,  43,  51, 59,
                                                       67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr std::array<std::uint8_t, 29> kLengthExtraBits = {
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
// The order code-length code lengths are sent in (RFC 1951 3.2.7).
constexpr std::array<std::uint8_t, 19> kCodeLengthOrder = {16, 17, 18, 0, 8,  7, 9,  6, 10, 5,
                                                           11, 4,  12, 3, 13, 2, 14, 1, 15};

// Length -> index into kLengthBase, for 0..258.
constexpr std::array<std::uint8_t, kMaxRun + 1> kLengthIndex = [] {
  std::array<std::uint8_t, kMaxRun + 1> table{};
  std::size_t k = 0;
  for (std::size_t length = kMinRun; length <= kMaxRun; ++length) {
    while (k + 1 < kLengthBase.size() && kLengthBase[k + 1] <= length) ++k;
    table[length] = static_cast<std::uint8_t>(k);
  }
  return table;
}();

// Bits go out least significant first, as deflate packs them, into room
// reserved up front (at most maxBytes, left uninitialised: zeroing it cost
// more than the copy out), so the hot loop only stores.
class BitWriter {
 public:
  explicit BitWriter(std::size_t maxBytes)
      : room_(new std::uint8_t[maxBytes]), next_(room_.get()) {}
  void put(std::uint32_t bits, int count) {  // count <= 32
    buffer_ |= static_cast<std::uint64_t>(bits) << count_;
    count_ += count;
    if (count_ >= 32) {
      for (int i = 0; i < 4; ++i) *next_++ = static_cast<std::uint8_t>(buffer_ >> (8 * i));
      buffer_ >>= 32;
      count_ -= 32;
    }
  }
  void alignToByte() {
    for (; count_ > 0; count_ -= 8) {
      *next_++ = static_cast<std::uint8_t>(buffer_);
      buffer_ >>= 8;
    }
    buffer_ = 0;
    count_ = 0;
  }
  void putByte(std::uint8_t b) { *next_++ = b; }  // after alignToByte
  // Appends what was written (byte-aligned) to out.
  void appendTo(std::vector<std::uint8_t>& out) const { out.insert(out.end(), room_.get(), next_); }

 private:
  std::unique_ptr<std::uint8_t[]> room_;
  std::uint8_t* next_;
  std::uint64_t buffer_ = 0;
  int count_ = 0;
};

struct Code {
  std::uint16_t bits = 0;  // bit-reversed, ready for BitWriter
  std::uint8_t length = 0;
};

// Canonical codes for the lengths (RFC 1951 3.2.2).
std::vector<Code> canonicalCodes(const std::vector<std::uint8_t>& lengths) {
  std::array<std::uint16_t, kMaxCodeLength + 2> count{};
  for (auto l : lengths) ++count[l];
  count[0] = 0;
  std::array<std::uint16_t, kMaxCodeLength + 2> next{};
  std::uint32_t code = 0;
  for (std::size_t bits = 1; bits <= kMaxCodeLength; ++bits) {
    code = (code + count[bits - 1]) << 1;
    next[bits] = static_cast<std::uint16_t>(code);
  }
  std::vector<Code> codes(lengths.size());
  for (std::size_t s = 0; s < lengths.size(); ++s) {
    const int length = lengths[s];
    if (length == 0) continue;
    std::uint32_t c = next[static_cast<std::size_t>(length)]++;
    std::uint32_t reversed = 0;
    for (int i = 0; i < length; ++i, c >>= 1) reversed = (reversed << 1) | (c & 1);
    codes[s] = {static_cast<std::uint16_t>(reversed), static_cast<std::uint8_t>(length)};
  }
  return codes;
}

std::size_t symbolOf(std::uint16_t token) {
  if (token < kRunToken) return token;
  return kFirstLengthSymbol + kLengthIndex[token - kRunToken];
}

// Literals, and runs of the byte before: token < 256 a literal, else
// kRunToken + length. Counts each token's symbol into `frequencies`.
std::vector<std::uint16_t> tokenize(std::span<const std::uint8_t> data,
                                    std::array<std::uint32_t, kLiteralLengthSymbols>& frequencies) {
  std::vector<std::uint16_t> tokens;
  tokens.reserve(data.size());
  std::size_t i = 0;
  while (i < data.size()) {
    if (i > 0) {
      const std::uint8_t previous = data[i - 1];
      const std::size_t limit = std::min<std::size_t>(kMaxRun, data.size() - i);
      std::size_t run = 0;
      while (run < limit && data[i + run] == previous) ++run;
      if (run >= kMinRun) {
        tokens.push_back(static_cast<std::uint16_t>(kRunToken + run));
        ++frequencies[symbolOf(tokens.back())];
        i += run;
        continue;
      }
    }
    ++frequencies[data[i]];
    tokens.push_back(data[i++]);
  }
  return tokens;
}

// The dynamic block's header: the literal/length code (the one distance
// code, distance 1, has length 1) sent as code lengths 0..15.
void writeHeader(BitWriter& bits, const std::vector<std::uint8_t>& literalLengths, bool last) {
  std::size_t literals = kLiteralLengthSymbols;
  while (literals > kFirstLengthSymbol && literalLengths[literals - 1] == 0) --literals;
  std::vector<std::uint8_t> sequence(
      literalLengths.begin(), literalLengths.begin() + static_cast<std::ptrdiff_t>(literals));
  sequence.push_back(1);  // distance code 0 (distance 1)

  std::array<std::uint32_t, 19> frequencies{};
  for (auto l : sequence) ++frequencies[l];
  const std::vector<std::uint8_t> clLengths = huffmanCodeLengths(frequencies, kMaxCodeLengthLength);
  const std::vector<Code> clCodes = canonicalCodes(clLengths);
  std::size_t sent = kCodeLengthOrder.size();
  while (sent > 4 && clLengths[kCodeLengthOrder[sent - 1]] == 0) --sent;

  bits.put(last ? 1 : 0, 1);
  bits.put(2, 2);  // dynamic Huffman
  bits.put(static_cast<std::uint32_t>(literals - kFirstLengthSymbol), 5);
  bits.put(0, 5);  // one distance code
  bits.put(static_cast<std::uint32_t>(sent - 4), 4);
  for (std::size_t i = 0; i < sent; ++i) bits.put(clLengths[kCodeLengthOrder[i]], 3);
  for (auto l : sequence) bits.put(clCodes[l].bits, clCodes[l].length);
}

}  // namespace

std::vector<std::uint8_t> huffmanCodeLengths(std::span<const std::uint32_t> frequencies,
                                             int maxLength) {
  std::vector<std::uint8_t> lengths(frequencies.size(), 0);
  std::vector<std::uint64_t> weight(frequencies.begin(), frequencies.end());
  std::vector<std::size_t> used;
  for (std::size_t s = 0; s < weight.size(); ++s) {
    if (weight[s] > 0) used.push_back(s);
  }
  if (used.empty()) return lengths;
  if (used.size() == 1) {  // a complete code needs two: pair it with a neighbour
    lengths[used[0]] = 1;
    lengths[used[0] == 0 ? 1 : 0] = 1;
    return lengths;
  }
  const std::size_t leaves = used.size();
  for (;;) {
    // Two-queue Huffman: leaves sorted by weight (then symbol, so the result
    // is fixed), internal nodes made in non-decreasing weight.
    std::vector<std::size_t> order = used;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return weight[a] < weight[b]; });
    std::vector<std::uint64_t> node(2 * leaves - 1);
    std::vector<std::size_t> parent(2 * leaves - 1, 0);
    for (std::size_t k = 0; k < leaves; ++k) node[k] = weight[order[k]];
    std::size_t leaf = 0;
    std::size_t inner = leaves;
    std::size_t made = leaves;
    const auto take = [&] {
      if (leaf < leaves && (inner == made || node[leaf] <= node[inner])) return leaf++;
      return inner++;
    };
    while (made < node.size()) {
      const std::size_t a = take();
      const std::size_t b = take();
      node[made] = node[a] + node[b];
      parent[a] = parent[b] = made++;
    }
    std::vector<int> depth(node.size(), 0);  // parents come after children
    for (std::size_t i = node.size() - 1; i-- > 0;) depth[i] = depth[parent[i]] + 1;
    if (*std::max_element(depth.begin(), depth.begin() + static_cast<std::ptrdiff_t>(leaves)) <=
        maxLength) {
      for (std::size_t k = 0; k < leaves; ++k)
        lengths[order[k]] = static_cast<std::uint8_t>(depth[k]);
      return lengths;
    }
    for (std::size_t s : used) weight[s] = (weight[s] + 1) / 2;  // flatter, never zero
  }
}

void deflateBand(std::span<const std::uint8_t> data, bool last, std::vector<std::uint8_t>& out) {
  std::array<std::uint32_t, kLiteralLengthSymbols> frequencies{};
  const std::vector<std::uint16_t> tokens = tokenize(data, frequencies);
  frequencies[kEndOfBlock] = 1;
  const std::vector<std::uint8_t> lengths = huffmanCodeLengths(frequencies, kMaxCodeLength);
  const std::vector<Code> codes = canonicalCodes(lengths);

  // Each token's whole bit string, once: a literal's code, or a length's
  // code, its extra bits and distance code 0 (one bit, 0): at most 21 bits.
  struct TokenBits {
    std::uint32_t bits = 0;
    int length = 0;
  };
  std::array<TokenBits, kRunToken + kMaxRun + 1> table{};
  for (std::size_t t = 0; t < table.size(); ++t) {
    if (t >= kRunToken && t < kRunToken + kMinRun) continue;  // no such run
    const Code& c = codes[symbolOf(static_cast<std::uint16_t>(t))];
    table[t] = {c.bits, c.length};
    if (t >= kRunToken) {
      const std::size_t length = t - kRunToken;
      const std::size_t k = kLengthIndex[length];
      table[t].bits |= static_cast<std::uint32_t>(length - kLengthBase[k]) << c.length;
      table[t].length += kLengthExtraBits[k] + 1;
    }
  }

  constexpr std::size_t kMaxTokenBits = 21;
  constexpr std::size_t kHeaderAndFlushBytes = 512;  // 3 + 14 + 19*3 + 287*7 bits, and a flush
  BitWriter bits(tokens.size() * kMaxTokenBits / 8 + kHeaderAndFlushBytes);
  writeHeader(bits, lengths, last);
  for (auto t : tokens) bits.put(table[t].bits, table[t].length);
  bits.put(codes[kEndOfBlock].bits, codes[kEndOfBlock].length);
  if (!last) {
    bits.put(0, 3);  // sync flush: an empty stored block ...
    bits.alignToByte();
    for (int b : {0x00, 0x00, 0xFF, 0xFF}) bits.putByte(static_cast<std::uint8_t>(b));  // LEN, NLEN
  }
  bits.alignToByte();
  bits.appendTo(out);
}

}  // namespace terrain
