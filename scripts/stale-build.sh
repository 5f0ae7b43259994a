# Sourced by test.sh, install.sh and bench/report/run.sh before `swift build`.
#
# ReferenceKit's classes are not resilient: modules that import it compile in
# its field offsets and instance sizes. SwiftPM's incremental build does not
# recompile those modules when only ReferenceKit's internals change (a stored
# property added to UIView left layout-demo crashing with "Call of deleted
# method"), and -disable-incremental-imports does not change that. So when
# ReferenceKit's sources differ from those of the last build in a build
# directory, that configuration is built again from nothing.
#
#   ld_forget_stale_build <scratch dir> <debug|release>   before building
#   ld_record_build <scratch dir> <debug|release>         after a build succeeds

ld_referencekit_digest() {
    local root; root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
    (cd "$root" && find ReferenceKit/Sources ReferenceKit/Package.swift -type f -name '*.swift' -print0 \
        | LC_ALL=C sort -z | xargs -0 sha1sum | sha1sum | cut -c1-40)
}

ld_forget_stale_build() {
    local scratch=$1 config=$2
    local stamp="$scratch/referencekit-$config.digest"
    [ -e "$scratch/$config" ] || return 0
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$(ld_referencekit_digest)" ]; then
        return 0
    fi
    echo "ReferenceKit changed since the last $config build in $scratch: building that configuration again"
    local real; real=$(readlink -f "$scratch/$config")
    rm -rf "$real" "$scratch/$config" "$scratch/$config.yaml" "$stamp"
}

ld_record_build() {
    local scratch=$1 config=$2
    mkdir -p "$scratch"
    ld_referencekit_digest > "$scratch/referencekit-$config.digest"
}

# Whether a release build in <repository>/.build has nothing to compile: its helper library is
# there and no source or manifest is newer. install.sh then says it checks the build instead
# of announcing minutes of work.
#
#   ld_release_build_is_current <repository>
ld_release_build_is_current() {
    local root=$1 product newer
    for product in "$root/.build/release/libLayoutDebugSupport.so" "$root/.build/release/libLayoutDebugSupport.dylib"; do
        [ -e "$product" ] || continue
        newer=$(cd "$root" && find Sources ReferenceKit/Sources Package.swift Package.resolved ReferenceKit/Package.swift \
            -type f -newer "$product" -print -quit 2>/dev/null || true)
        [ -z "$newer" ]
        return
    done
    return 1
}
