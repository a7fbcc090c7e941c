#pragma once
/// \file The harness's names the CLI uses unqualified: one list, so that what
/// the commands take from the library (harness/) is visible in one place.
#include "sepax/harness/case_file.hpp"
#include "sepax/harness/case_judgement.hpp"
#include "sepax/harness/case_watchdog.hpp"
#include "sepax/harness/input_error.hpp"
#include "sepax/harness/campaign/moving_group.hpp"
#include "sepax/harness/moving_judgement.hpp"
#include "sepax/harness/campaign/progress.hpp"
#include "sepax/harness/campaign/static_group.hpp"
#include "sepax/harness/verdict_hash.hpp"

namespace sepax::cli {

// Case model and files.
using harness::Case;
using harness::CaseError;
using harness::CaseMotion;
using harness::CaseOrError;
using harness::PlanarCase;
using harness::SphereCase;
using harness::exact_number_json;
using harness::format_case;
using harness::read_cases;
using harness::RecordedVerdict;
// Input errors naming file and line.
using harness::file_position;
using harness::InputError;
using harness::json_error_text;
using harness::line_of_offset;
using harness::parse_json_document;
using harness::read_text_file;
using harness::without_nonfinite_tokens;
// Exact judgement and classification, static and moving.
using harness::classify_moving_run;
using harness::classify_run;
using harness::contact_error_bound;
using harness::describe_moving_run;
using harness::judge_exactly;
using harness::judge_moving_exactly;
using harness::KernelJudgement;
using harness::LazyMargin;
using harness::MovingKernelJudgement;
using harness::MovingMargins;
using harness::MovingOracleVerdict;
using harness::MovingRule;
using harness::OracleVerdict;
using harness::rounded_to;
using harness::run_kernel;
using harness::run_moving_kernel;
// The verdict digest and the watchdog.
using harness::CaseIdentity;
using harness::CaseWatchdog;
using harness::StuckCall;
using harness::VerdictHash;
// Campaigns: groups of cases, their plan, counts and findings, progress.
using harness::Finding;
using harness::Group;
using harness::GroupPlan;
using harness::GroupResult;
using harness::keep_finding;
using harness::KernelCounts;
using harness::MarginBins;
using harness::MovingGroup;
using harness::MovingGroupResult;
using harness::MovingKernelCounts;
using harness::MovingOracleCosts;
using harness::OracleCosts;
using harness::Percentiles;
using harness::percentiles;
using harness::ProgressCounters;
using harness::ProgressLine;
using harness::run_group;
using harness::run_moving_group;
using harness::run_planned;
using harness::trim_findings;

}  // namespace sepax::cli
