/** Element symbols by atomic number, as RDKit's periodic table spells them ("*" for dummy atoms). */
export const ELEMENT_SYMBOLS = (
  "* H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se Br Kr " +
  "Rb Sr Y Zr Nb Mo Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce Pr Nd Pm Sm Eu Gd Tb Dy Ho Er Tm Yb Lu " +
  "Hf Ta W Re Os Ir Pt Au Hg Tl Pb Bi Po At Rn Fr Ra Ac Th Pa U Np Pu Am Cm Bk Cf Es Fm Md No Lr Rf Db Sg " +
  "Bh Hs Mt Ds Rg Cn Nh Fl Mc Lv Ts Og"
).split(" ");

const ATOMIC_NUMBERS = new Map(ELEMENT_SYMBOLS.map((symbol, z) => [symbol, z]));

/** Atomic number of an element symbol ("Cl", "Se"), or undefined. */
export function atomicNumber(symbol: string): number | undefined {
  return ATOMIC_NUMBERS.get(symbol);
}
