/* The floor a headless export is measured against (issue 9): a plain C
 * program that allocates a side x side float32 map, fills it, writes it to
 * a file and fsyncs it. Nothing else: no parsing, no generator, no rename.
 * With a second file and a byte count it also writes and fsyncs that many
 * bytes there: the floor of an export that writes its JSON sidecar too.
 * Usage: export_floor SIDE FILE [SECOND_FILE SECOND_BYTES] */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int writeAndSync(const char* path, const char* bytes, size_t left) {
  const int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return 1;
  while (left > 0) {
    const ssize_t n = write(fd, bytes, left);
    if (n <= 0) return 1;
    bytes += n;
    left -= (size_t)n;
  }
  return fsync(fd) != 0 || close(fd) != 0;
}

int main(int argc, char** argv) {
  if (argc != 3 && argc != 5) return 2;
  const size_t side = (size_t)strtoul(argv[1], NULL, 10);
  const size_t cells = side * side;
  float* heights = malloc(cells * sizeof(float));
  if (heights == NULL) return 1;
  for (size_t i = 0; i < cells; ++i) heights[i] = (float)i / (float)cells;
  if (writeAndSync(argv[2], (const char*)heights, cells * sizeof(float)) != 0) return 1;
  free(heights);
  if (argc == 5) {
    const size_t bytes = (size_t)strtoul(argv[4], NULL, 10);
    char* text = malloc(bytes + 1);
    if (text == NULL) return 1;
    memset(text, ' ', bytes);
    if (writeAndSync(argv[3], text, bytes) != 0) return 1;
    free(text);
  }
  return 0;
}
