#pragma once
/// \file
/// sepax's public entry header: what a user needs to judge a kernel.
///
/// | need                                   | where                                                   |
/// |----------------------------------------|---------------------------------------------------------|
/// | shapes, pairs, motions                 | Obb3, Triangle3, ShapePair, Query, LinearMotion          |
/// | the exact truth of a case              | harness::judge (verdict, margin, first contact)          |
/// | the class of an answer in a scalar     | harness::classify (ok / boundary / gross)                |
/// | generated cases by family              | gen::generate, gen::generate_moving, gen::all_families   |
/// | registering kernels of every kind      | sepax::register_kernels(KernelInfo...)                   |
/// | the campaign of `sepax verify`         | harness::run_campaign, harness::judge_cases              |
/// | case files                             | harness::read_cases, harness::format_case                |
/// | a GoogleTest gate                      | sepax/harness/gtest.hpp: EXPECT_NO_GROSS (links GTest)   |
/// | a plugin (C ABI)                       | sepax/sepax_plugin.h                                     |
///
/// CMake: find_package(sepax CONFIG REQUIRED), then link sepax::harness (it
/// brings sepax::core, sepax::oracle and sepax::generators).
#include "sepax/core/kernel_bias.hpp"
#include "sepax/core/moving/motion.hpp"
#include "sepax/core/shapes/obb3.hpp"
#include "sepax/core/shapes/query.hpp"
#include "sepax/core/registry.hpp"
#include "sepax/core/numeric/scalar_traits.hpp"
#include "sepax/core/shapes/triangle3.hpp"
#include "sepax/core/shapes/validate.hpp"
#include "sepax/generators/family.hpp"
#include "sepax/generators/generate.hpp"
#include "sepax/harness/campaign/campaign.hpp"
#include "sepax/harness/case_file.hpp"
#include "sepax/harness/truth.hpp"
