#include "core/nodes/sources/common_params.hpp"

#include <bit>

namespace terrain {

int levelsOfPowerPlusOne(int size) {
  return size > 1 ? std::countr_zero(static_cast<unsigned>(size - 1)) : 0;
}

}  // namespace terrain
