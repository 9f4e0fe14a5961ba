/* The floor a headless export is measured against (issue 9): a plain C
 * program that allocates a side x side float32 map, fills it, writes it to
 * a file and fsyncs it. Nothing else: no parsing, no generator, no rename.
 * Usage: export_floor SIDE FILE */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(int argc, char** argv) {
  if (argc != 3) return 2;
  const size_t side = (size_t)strtoul(argv[1], NULL, 10);
  const size_t cells = side * side;
  float* heights = malloc(cells * sizeof(float));
  if (heights == NULL) return 1;
  for (size_t i = 0; i < cells; ++i) heights[i] = (float)i / (float)cells;
  const int fd = open(argv[2], O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return 1;
  const char* bytes = (const char*)heights;
  size_t left = cells * sizeof(float);
  while (left > 0) {
    const ssize_t n = write(fd, bytes, left);
    if (n <= 0) return 1;
    bytes += n;
    left -= (size_t)n;
  }
  if (fsync(fd) != 0 || close(fd) != 0) return 1;
  free(heights);
  return 0;
}
