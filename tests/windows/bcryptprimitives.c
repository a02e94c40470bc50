/* For tests under Wine only; never shipped.
 *
 * Rust's standard library (1.78 and later) gets its random numbers from ProcessPrng in
 * bcryptprimitives.dll, which every supported Windows has and Wine 8 (Debian 12) lacks, so no
 * Rust program starts under it. This stand-in exports ProcessPrng over SystemFunction036
 * (RtlGenRandom), which Wine has. Built by .ci/windows with mingw and put beside the .exe files
 * in the test's own Wine prefix. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
