# OBB fitting (issue 10, Eberly §6.1). Included by core/CMakeLists.txt.
# The Eigen-only fits are header templates; this TU instantiates them for
# float and double so template errors surface in the library build.
target_sources(sepax_kernels PRIVATE ${CMAKE_CURRENT_LIST_DIR}/fitting.cpp)

# The hull-based fits and the CGAL reference box need CGAL (convex_hull_3,
# optimal_bounding_box with Eigen support): their own small library, so core
# stays Eigen-only and CGAL is compiled in one TU.
find_package(CGAL QUIET)
if(CGAL_FOUND)
  include(CGAL_Eigen3_support)
  add_library(sepax_fitting_cgal STATIC ${CMAKE_CURRENT_LIST_DIR}/cgal/hull_fit.cpp)
  target_link_libraries(sepax_fitting_cgal PUBLIC sepax_kernels PRIVATE CGAL::CGAL)
  if(TARGET CGAL::Eigen3_support)
    target_link_libraries(sepax_fitting_cgal PRIVATE CGAL::Eigen3_support)
    target_compile_definitions(sepax_fitting_cgal PRIVATE SEPAX_HAVE_CGAL_OBB=1)
  endif()
else()
  message(STATUS "sepax: CGAL not found; sepax_fitting_cgal (hull-based OBB fits) not built")
endif()
