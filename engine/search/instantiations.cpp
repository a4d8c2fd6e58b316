// Explicit instantiations of Searcher<G> for every game core present in the build (the
// TRIAD_HAS_<GAME> definitions come from engine/search/CMakeLists.txt).
#include "engine/search/searcher_impl.h"

#ifdef TRIAD_HAS_YINYANG
#include "engine/search/hooks_yinyang.h"
template class triad::engine::Searcher<triad::games::yinyang::Game>;
#endif
#ifdef TRIAD_HAS_RAZZLE
#include "engine/search/hooks_razzle.h"
template class triad::engine::Searcher<triad::games::razzle::Game>;
#endif
#ifdef TRIAD_HAS_IVESDAMA
#include "engine/search/hooks_ivesdama.h"
template class triad::engine::Searcher<triad::games::ivesdama::Game>;
#endif
