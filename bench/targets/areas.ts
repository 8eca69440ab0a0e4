import { therapeuticArea as areaOf } from "@sieve/targets";
import type { BenchData, BenchDisease } from "./data";

export { AREAS } from "@sieve/targets";

export function therapeuticArea(data: BenchData, doid: string): string {
  return areaOf(data.hierarchy, doid);
}

/** Share of a disease's approved drugs with a non-human target, at or above which it is an anti-infective indication. */
export const NON_HUMAN_SHARE = 0.5;

/**
 * An anti-infective indication: under "disease by infectious agent", or at least half of the approved
 * drugs indicated for it (or a disease below it) act on a non-human target (a bacterial, viral, fungal
 * or parasite protein, by the target's SwissProt name). Their "known targets" are the human proteins
 * such drugs also bind (doxycycline → MMPs), which no target-ranking evidence is about, so they are
 * reported apart from the headline.
 */
export function isAntiInfective(data: BenchData, d: BenchDisease): boolean {
  if (data.hierarchy.ancestors(d.doid).has("DOID:0050117")) return true;
  const drugs = new Set(
    data.indications.filter((i) => i.doid !== null && d.subtree.has(i.doid)).map((i) => i.drugcentral_id),
  );
  const nonHuman = new Set(
    data.targets
      .filter((t) => drugs.has(t.drugcentral_id) && t.components.some((c) => !c.human))
      .map((t) => t.drugcentral_id),
  );
  return drugs.size > 0 && nonHuman.size / drugs.size >= NON_HUMAN_SHARE;
}
