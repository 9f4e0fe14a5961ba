# Glue for Debian's packages. Nothing here is downloaded or vendored.
find_package(Threads REQUIRED)
find_package(PkgConfig REQUIRED)
pkg_check_modules(PNG REQUIRED IMPORTED_TARGET GLOBAL libpng)
# Highway: portable SIMD with run-time dispatch (the noise source's kernel and
# the spread drainage's neighbour counts).
pkg_check_modules(HWY REQUIRED IMPORTED_TARGET GLOBAL libhwy)
# Mesh export: the simplified terrain's triangles in vertex cache order
# (core/mesh/terrain_mesh.cpp).
find_package(meshoptimizer 0.18 REQUIRED)
# Debian's libtinygltf-dev ships the loader compiled (libtinygltf.so, with its
# own nlohmann json and stb): the tests include tiny_gltf.h without
# TINYGLTF_IMPLEMENTATION and read the exported .glb back with it.
if(TERRAIN_BUILD_TESTS)
  find_package(TinyGLTF 2.7 REQUIRED)
endif()
pkg_check_modules(DEFLATE REQUIRED IMPORTED_TARGET GLOBAL libdeflate)
pkg_check_modules(OPENEXR REQUIRED IMPORTED_TARGET GLOBAL OpenEXR)
# GDAL: the import source reads GeoTIFF, SRTM .hgt, ASCII grids, USGS DEM,
# PNG and every other raster format it knows (core/io/raster_input.cpp).
pkg_check_modules(GDAL REQUIRED IMPORTED_TARGET GLOBAL gdal)

if(TERRAIN_BUILD_APP)
  find_package(glfw3 3.3 REQUIRED)
  find_package(OpenGL REQUIRED)
  # Debian's libimgui.a already holds the GLFW and OpenGL3 backends.
  pkg_check_modules(IMGUI REQUIRED IMPORTED_TARGET GLOBAL imgui)
  find_path(GLM_INCLUDE_DIR glm/glm.hpp REQUIRED)
  add_library(glm_headers INTERFACE)
  target_include_directories(glm_headers SYSTEM INTERFACE ${GLM_INCLUDE_DIR})
  add_library(glm::glm ALIAS glm_headers)

  # The GL 3.3 core loader is generated into the build tree by Debian's
  # python3-glad; --reproducible uses the spec shipped in the package.
  set(GLAD_DIR ${PROJECT_BINARY_DIR}/glad)
  add_custom_command(
    OUTPUT ${GLAD_DIR}/src/gl.c ${GLAD_DIR}/include/glad/gl.h
    COMMAND /usr/bin/python3 -m glad --quiet --api gl:core=3.3 --extensions ""
            --out-path ${GLAD_DIR} --reproducible c
    COMMENT "Generating the OpenGL 3.3 core loader with glad"
    VERBATIM)
  add_library(glad STATIC ${GLAD_DIR}/src/gl.c)
  target_include_directories(glad SYSTEM PUBLIC ${GLAD_DIR}/include)
  target_link_libraries(glad PUBLIC ${CMAKE_DL_LIBS})
  set_target_properties(glad PROPERTIES POSITION_INDEPENDENT_CODE ON)
endif()
