/**
 * The demo catalogue: invented brands and shoes used to seed an empty shop.
 * Pure data, no I/O. Everything here is deterministic: the sizes and stock
 * come from a seeded generator, so every run seeds the same catalogue.
 *
 * Text rules (checked by demo-catalogue.test.ts): names, brands and colours are
 * letters and spaces only; descriptions are letters, spaces, commas and periods.
 */
import type { SneakerPalette } from './sneaker-image.js';

export interface DemoShoe {
  name: string;
  brand: string;
  /** Colour name, letters and spaces only. */
  color: string;
  /** Hex colours used to draw the shoe's picture, matching `color`. */
  palette: SneakerPalette;
  /** Whole US dollars. */
  price: number;
  onSale: boolean;
  description: string;
  /** Distinct sizes from the size chart with their stock. */
  sizes: { size: string; quantity: number }[];
  /** Drawing variant for sneakerSvg: 0 runner, 1 high top, 2 court low, 3 chunky trainer, 4 trail. */
  style: number;
}

export const demoBrands: string[] = [
  'Stride',
  'Northpeak',
  'Velo',
  'Kinetic',
  'Urbanite',
  'Solace',
  'Apex Court',
  'Lumen',
];

/** Palette per colour name: [upper, accent, sole, laces, background]. */
const COLOURS: Record<string, [string, string, string, string, string]> = {
  'Triple Black': ['#1c1c1f', '#45454d', '#2a2a2e', '#2f2f34', '#e9e9ec'],
  'Black and White': ['#1c1c1f', '#ffffff', '#f7f7f5', '#ffffff', '#ececef'],
  'Cloud White': ['#f3f3f1', '#c5ccd6', '#ffffff', '#ffffff', '#edf0f4'],
  Red: ['#c62828', '#ffffff', '#f4f4f2', '#ffffff', '#fbe9e7'],
  'Forest Green': ['#2e5e3e', '#e8d9b5', '#c28a4b', '#f1ede4', '#e6efe8'],
  Navy: ['#1f2f57', '#f2a93b', '#f5f5f2', '#ffffff', '#e7ebf3'],
  'Royal Blue': ['#2a5bd7', '#ffffff', '#f7f7f7', '#ffffff', '#e6edfb'],
  Sand: ['#d8c3a0', '#8a6a43', '#f3ead9', '#f7f0e2', '#f6f0e5'],
  'Slate Grey': ['#7d848d', '#2d2f33', '#f2f2f0', '#e9eaec', '#eef0f2'],
  Orange: ['#ef6c1a', '#1d1d1f', '#fafafa', '#1d1d1f', '#fdeee3'],
  'Sunflower Yellow': ['#f2c230', '#2b2b2b', '#ffffff', '#2b2b2b', '#fdf6dc'],
  Violet: ['#6b4bb8', '#f7d046', '#f5f3fa', '#ffffff', '#efeaf8'],
  'Blush Pink': ['#f2a7bd', '#ffffff', '#fff8fa', '#ffffff', '#fdeff3'],
  Teal: ['#1d8a8a', '#f4e9d8', '#ffffff', '#f4e9d8', '#e4f3f2'],
  Olive: ['#6b6b3a', '#d9c9a3', '#b9834a', '#e9e2cf', '#f0f0e3'],
  Burgundy: ['#7a1f35', '#e9dcc9', '#f3ede4', '#e9dcc9', '#f5e7ea'],
  Cream: ['#efe6d2', '#7a5a3a', '#c28a4b', '#fbf7ee', '#f8f3e8'],
  'Sky Blue': ['#8ec5ee', '#1f3c66', '#ffffff', '#ffffff', '#e9f3fc'],
  Mint: ['#9fdcc0', '#2b6b55', '#ffffff', '#ffffff', '#eaf7f1'],
  Coral: ['#ff7a66', '#2e3a59', '#ffffff', '#ffffff', '#fff0ed'],
  Charcoal: ['#3a3d42', '#ff5a36', '#f2f2f2', '#f2f2f2', '#ebedef'],
  Lime: ['#a6d63a', '#1e1e1e', '#2a2a2a', '#1e1e1e', '#f2f9e2'],
  Lavender: ['#b9a6e3', '#ffffff', '#ffffff', '#ffffff', '#f2eefb'],
  Tan: ['#b8834f', '#5a3b22', '#efe6d6', '#f5eee2', '#f6eee4'],
};

const CHART = ['6', '6.5', '7', '7.5', '8', '8.5', '9', '9.5', '10', '10.5', '11', '11.5'];

/** mulberry32: a tiny seeded generator, so the stock is the same on every run. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 4 to 8 distinct chart sizes from a window of the chart, with 1 to 25 pairs each. */
function stockFor(index: number): { size: string; quantity: number }[] {
  const rand = seeded(0x5eed + index * 7919);
  const count = 4 + Math.floor(rand() * 5);
  const window = Math.min(CHART.length, count + Math.floor(rand() * 4));
  const start = Math.floor(rand() * (CHART.length - window + 1));
  const picked = CHART.slice(start, start + window);
  while (picked.length > count) picked.splice(Math.floor(rand() * picked.length), 1);
  return picked.map((size) => ({ size, quantity: 1 + Math.floor(rand() * 25) }));
}

/** A colourway's changes to its colour's palette, so that no two shoes share a picture. */
type Tweak = Partial<Omit<SneakerPalette, 'upper' | 'background'>>;

type Row = [
  name: string,
  brand: string,
  color: string,
  price: number,
  onSale: boolean,
  style: number,
  description: string,
  tweak?: Tweak,
];

// prettier-ignore
const ROWS: Row[] = [
  // Stride: road running and everyday training.
  ['Cloud Runner', 'Stride', 'Red', 129, false, 0,
    'A soft daily trainer with a cushioned foam midsole that smooths out every stride. The breathable knit upper wraps the foot without pressure points, and the rounded heel makes easy miles feel easier.'],
  ['Tempo Glide', 'Stride', 'Royal Blue', 145, true, 0,
    'Built for faster days, the Tempo Glide pairs a snappy midsole with a light engineered mesh. A firm heel counter keeps you planted through corners, while the rocker toe rolls you into the next step.'],
  ['Daily Miles', 'Stride', 'Slate Grey', 99, false, 0,
    'An honest workhorse for runners who log steady miles all week. Durable rubber covers the high wear zones, and the padded collar stays comfortable long after the warm up.'],
  ['Long Run Plus', 'Stride', 'Navy', 159, false, 3,
    'Extra foam under the heel and forefoot makes this the shoe for your longest outing of the week. The wide base feels stable when legs get tired, and reflective details help you stay visible at dusk.'],
  ['Morning Loop', 'Stride', 'Sky Blue', 89, true, 0,
    'A light, friendly runner for short loops before work or a relaxed jog with friends. The airy mesh upper dries quickly, and the flexible sole bends naturally with your foot.'],
  ['Canyon Path', 'Stride', 'Olive', 139, false, 4,
    'A road to trail hybrid with shallow lugs that grip gravel paths and wet park trails alike. The protective toe bumper shrugs off roots and stones, and the upper sheds dust easily.'],
  ['Recovery Float', 'Stride', 'Mint', 115, false, 3,
    'Made for the day after a hard session, with a deep, plush midsole that takes the sting out of every step. The seamless lining feels gentle on tired feet, and the wide toe box lets them spread out.'],
  ['Night Pacer', 'Stride', 'Triple Black', 135, true, 0,
    'A stealthy all black runner with a responsive midsole for evening tempo work. Subtle reflective threads catch headlights, and the secure lacing locks the midfoot in place.'],
  ['Pace Setter', 'Stride', 'Orange', 169, false, 0,
    'Our lightest road shoe, tuned for race day and interval sessions. A thin, breathable upper keeps weight down, while the energetic foam gives back a lively spring at toe off.'],

  // Northpeak: trail and outdoor.
  ['Ridge Walker', 'Northpeak', 'Forest Green', 149, false, 4,
    'A rugged trail shoe with deep lugs that bite into mud, loose rock and forest floors. The reinforced mudguard keeps grit out, and the cushioned midsole takes the edge off long descents.'],
  ['Summit Scout', 'Northpeak', 'Tan', 175, false, 1,
    'A mid cut hiker with a supportive collar that steadies your ankle on uneven ground. Water resistant suede and a grippy outsole make it ready for damp mornings above the tree line.'],
  ['Alpine Dash', 'Northpeak', 'Charcoal', 159, true, 4,
    'A nimble mountain runner for quick ascents and technical singletrack. Its low profile sole keeps you close to the ground, and the sticky rubber holds on wet granite.'],
  ['Glacier Trek', 'Northpeak', 'Sky Blue', 229, false, 1,
    'Insulated lining and a high collar keep warmth in when the trail turns cold. The lugged outsole grips packed snow and icy gravel, and a padded tongue keeps the laces from pressing.'],
  ['Fjord Runner', 'Northpeak', 'Teal', 145, true, 4,
    'Designed for coastal paths and rainy weather, with a quick draining mesh and a cushioned ride. Multi directional lugs handle slick boardwalks and muddy switchbacks with ease.'],
  ['Timberline', 'Northpeak', 'Olive', 165, false, 1,
    'A classic outdoor silhouette with rich suede overlays and a sturdy rubber toe cap. It moves easily from the trailhead to the town bakery, and the padded collar hugs the heel.'],
  ['Basecamp Low', 'Northpeak', 'Sand', 119, false, 4,
    'A relaxed low hiker for camp mornings and easy forest walks. The soft suede upper breaks in quickly, and the lugged sole feels secure on roots and pine needles.'],
  ['Storm Chaser', 'Northpeak', 'Navy', 179, false, 4,
    'Built for wild weather, with a sealed upper, a tight weave mesh and a grippy outsole that does not quit. The tall heel tab makes it easy to pull on with cold hands.'],
  ['Lichen Run', 'Northpeak', 'Lime', 129, true, 4,
    'A bright, lightweight trail runner that stands out against the green of the woods. Flexible grooves in the sole adapt to rolling terrain, and the toe bumper protects against stubbed stones.'],

  // Velo: light and fast, plus a few easy lifestyle pairs.
  ['Aero Racer', 'Velo', 'Coral', 249, false, 0,
    'A featherweight racer built around a stiff, propulsive midsole and a thin, airy upper. It rewards fast turnover and high cadence, and it disappears on the foot once the race begins.'],
  ['Élan Racer', 'Velo', 'Sunflower Yellow', 199, true, 0,
    'Bright, fast and unmistakable, the Élan Racer is made for personal bests on flat city courses. A grippy forefoot outsole holds the corners, while the snug heel keeps everything locked.'],
  ['Tailwind', 'Velo', 'Lavender', 109, false, 0,
    'A breezy everyday runner with a soft landing and a light, springy feel. The tonal laces and clean lines make it just as good for the commute as for a loop around the park.'],
  ['Breakaway', 'Velo', 'Burgundy', 125, false, 2,
    'A slim court inspired sneaker with a low, flexible cupsole and a smooth leather upper. The contrasting side stripe adds a sporty touch to jeans or chinos.'],
  ['Peloton Low', 'Velo', 'Cloud White', 95, true, 2,
    'Minimal and bright, this low top pairs a clean white upper with a padded tongue and a tonal sole. It is the easy choice for summer days and goes with nearly everything.'],
  ['Crosswind', 'Velo', 'Slate Grey', 139, false, 0,
    'A stable runner for breezy waterfront paths, with a wide forefoot and a firm guide rail in the heel. The durable mesh resists snags, and the cushioning stays consistent mile after mile.', { accent: '#3fb8af' }],
  ['Sprint Line', 'Velo', 'Blush Pink', 115, false, 0,
    'A playful pink runner with a light foam midsole and a smooth knit upper. Soft padding around the ankle and a flexible forefoot make it great for short runs and long walks.'],
  ['Draft Mode', 'Velo', 'Navy', 155, true, 3,
    'A chunky training shoe with a stacked midsole that adds a little height and a lot of comfort. Layered overlays give it structure, and the wide heel lands softly on hard pavement.', { accent: '#e84a3c' }],
  ['Echelon', 'Velo', 'Teal', 179, false, 0,
    'A premium road runner with a plush yet responsive ride for half marathon training. The engineered upper flexes where the foot bends, and the heel pull loop makes it quick to slip on.'],

  // Kinetic: gym, cross training and speed work.
  ['Power Lift', 'Kinetic', 'Triple Black', 119, false, 2,
    'A flat, stable trainer for squats, deadlifts and strength circuits. The firm rubber sole keeps you grounded, and the reinforced sidewalls hold steady during lateral moves.'],
  ['Circuit Trainer', 'Kinetic', 'Red', 109, true, 3,
    'A versatile gym shoe that handles box jumps, rope climbs and short sprints in one session. The grippy outsole wraps up the sides, and the breathable mesh keeps heat in check.'],
  ['Agility Max', 'Kinetic', 'Lime', 129, false, 3,
    'Quick feet need a shoe that reacts, and this one answers with a low, responsive midsole and a locked in fit. A wide forefoot gives balance when you cut and change direction.'],
  ['Impact Zero', 'Kinetic', 'Cloud White', 139, false, 3,
    'A cushioned cross trainer that softens the landings of plyometric work. Its chunky sole and layered upper look bold, and the padded collar keeps the heel secure.'],
  ['Momentum', 'Kinetic', 'Royal Blue', 99, false, 0,
    'A lightweight runner for treadmill sessions and warm up laps. The simple mesh upper breathes well, and the smooth transition from heel to toe feels natural at any pace.', { accent: '#ffd23f' }],
  ['Core Flex', 'Kinetic', 'Violet', 49, true, 2,
    'A flexible studio sneaker for yoga flows, pilates and dance classes. The slim sole bends easily, and the soft lining feels good even without socks.'],
  ['Rebound High', 'Kinetic', 'Orange', 149, false, 1,
    'A high top trainer with an ankle strap for extra support during jumping drills. The cupsole offers a stable platform, and the bold colour makes a statement in the gym.'],
  ['Hyper Drive', 'Kinetic', 'Charcoal', 159, false, 3,
    'Aggressive styling meets serious cushioning in this chunky trainer. The sculpted midsole absorbs heavy landings, and the contrasting overlays add durability where it counts.'],
  ['Sprint Block', 'Kinetic', 'Sunflower Yellow', 45, true, 0,
    'An entry level speed shoe for track workouts and school sports. The lightweight upper and flexible sole make it easy to pick up the pace, and the price makes it easy to say yes.', { accent: '#1f4e9c', laces: '#1f4e9c' }],

  // Urbanite: street and skate.
  ['Metro Skate', 'Urbanite', 'Black and White', 75, false, 2,
    'A classic skate low with a vulcanised sole that gives great board feel. Suede toe panels resist scuffs from ollies, and the padded collar protects your ankles.'],
  ['Concrete Classic', 'Urbanite', 'Cream', 59, false, 2,
    'A timeless canvas low top with a cream upper and a warm gum sole. It softens with every wear and looks better the more you live in it.'],
  ['Subway High', 'Urbanite', 'Burgundy', 95, true, 1,
    'A high top street sneaker in rich burgundy canvas with contrast stitching. The padded ankle collar and sturdy toe cap make it tough enough for daily city miles.'],
  ['Block Party', 'Urbanite', 'Coral', 89, false, 3,
    'A chunky street trainer with layered panels and a bold, stacked sole. It pairs perfectly with wide trousers and adds instant attitude to a plain outfit.'],
  ['Rooftop', 'Urbanite', 'Slate Grey', 85, false, 2,
    'A clean grey suede low with a durable rubber outsole for skating and strolling alike. Double stitching at the toe adds life to the high wear areas.'],
  ['Alley Cat', 'Urbanite', 'Triple Black', 79, true, 1,
    'An all black high top that hides scuffs and goes with everything. The reinforced eyelets and thick laces stand up to daily wear, and the grippy sole holds on wet streets.'],
  ['Graffiti Low', 'Urbanite', 'Teal', 52, false, 2,
    'A colourful low top inspired by painted city walls. The sturdy canvas upper is easy to clean, and the flat sole gives a steady, comfortable stance.'],
  ['Neon Nights', 'Urbanite', 'Lime', 99, false, 3,
    'A loud chunky sneaker for concerts, festivals and late summer evenings. The cushioned sole keeps you dancing, and the bright upper is impossible to miss.', { accent: '#ff3fa4', laces: '#ff3fa4' }],
  ['Crosstown', 'Urbanite', 'Navy', 109, false, 2,
    'A smart navy low top with tonal laces and a crisp white sole. Leather overlays add polish, making it easy to wear from the office to the weekend.'],

  // Solace: comfort and walking.
  ['Cloud Walk', 'Solace', 'Sand', 119, false, 3,
    'A comfort first walking shoe with a plush midsole and a supportive, contoured footbed. The soft suede upper feels broken in from the very first day.'],
  ['Gentle Step', 'Solace', 'Lavender', 99, true, 0,
    'Light, soft and quietly stylish, the Gentle Step is made for long days on your feet. A roomy toe box and a cushioned tongue reduce pressure, and the rubber outsole grips smooth floors.', { accent: '#7a68b0' }],
  ['Serene', 'Solace', 'Mint', 109, false, 2,
    'A calm mint low top with a pillowy insole and a smooth leather upper. It slips into your routine effortlessly, from morning errands to evening walks.'],
  ['Harbor Stroll', 'Solace', 'Navy', 129, false, 0,
    'A seaside walking shoe with a breathable upper and a cushioned, stable ride. Reflective piping adds visibility on evening walks along the water.'],
  ['Daydream', 'Solace', 'Blush Pink', 89, false, 3,
    'A soft pink platform sneaker with a cloud like midsole and rounded edges. It adds a little height and a lot of comfort, with a padded collar that hugs the heel.'],
  ['Quiet Morning', 'Solace', 'Cream', 99, true, 2,
    'An understated cream sneaker with a cushioned footbed and a flexible sole. The simple shape works with dresses, trousers and shorts alike.', { accent: '#c9b79c', sole: '#ffffff' }],
  ['Restful', 'Solace', 'Sky Blue', 109, false, 3,
    'Made for people who stand at work all day, with a deep cushioned sole and a supportive heel. The soft lining and generous fit keep feet relaxed through the longest shift.'],
  ['Easy Glide', 'Solace', 'Tan', 139, false, 0,
    'A warm tan walker with a rocker sole that rolls you smoothly from heel to toe. The leather trim adds a refined finish, and the padded tongue keeps the laces from pressing.'],
  ['Soft Landing', 'Solace', 'Violet', 149, true, 3,
    'Generous cushioning and a stable, wide base make every step feel soft and secure. The violet mesh upper is breathable, and the rounded toe gives plenty of wiggle room.'],

  // Apex Court: basketball and court.
  ['Court King', 'Apex Court', 'Royal Blue', 189, false, 1,
    'A high top basketball shoe with responsive cushioning and a grippy herringbone outsole. The ankle strap adds lockdown for explosive cuts, and the padded collar protects during hard landings.'],
  ['Rim Rattler', 'Apex Court', 'Orange', 175, false, 1,
    'Made for high flyers, with springy foam under the forefoot and a supportive high collar. The durable rubber outsole holds its grip on dusty gym floors.', { accent: '#ffffff', sole: '#1d1d1f', laces: '#ffffff' }],
  ['Baseline Low', 'Apex Court', 'Cloud White', 129, false, 2,
    'A clean low top court shoe inspired by classic tennis style. The smooth leather upper, perforated toe and firm cupsole give it a timeless look and reliable support.', { accent: '#1e7d4f' }],
  ['Fast Break', 'Apex Court', 'Coral', 165, true, 1,
    'A lightweight high top for guards who live in transition. The low profile cushioning keeps you close to the court, and the flexible forefoot makes quick steps effortless.'],
  ['Hardwood Hero', 'Apex Court', 'Burgundy', 240, false, 1,
    'Premium materials and bold colour blocking make this high top a statement on and off the court. A padded tongue and collar add comfort, and the wide outsole keeps you stable.', { accent: '#f2c230' }],
  ['Glass Cleaner', 'Apex Court', 'Triple Black', 209, false, 1,
    'A big, supportive shoe for rebounders and post players who battle under the rim. Extra foam in the heel soaks up impact, and the strap locks the foot in place.', { accent: '#6b6b75', laces: '#45454d' }],
  ['Center Court', 'Apex Court', 'Forest Green', 119, true, 2,
    'A heritage tennis low top in deep green with a creamy accent. The padded collar and firm cupsole make it a comfortable choice for everyday wear.'],
  ['Crossover', 'Apex Court', 'Violet', 155, false, 1,
    'A quick, low weight high top built for players who love to attack off the dribble. Grippy rubber and a snug fit let you stop and start on a dime.'],
  ['Playground Legend', 'Apex Court', 'Sunflower Yellow', 139, true, 1,
    'A bright outdoor court shoe with a tough rubber outsole that stands up to asphalt. The high collar and sturdy toe cap keep it going through long summer pickup games.'],

  // Lumen: fashion and lifestyle.
  ['Aurora', 'Lumen', 'Lavender', 145, false, 3,
    'A dreamy lavender sneaker with a sculpted platform sole and soft suede overlays. It catches the light beautifully and pairs with everything from denim to flowing skirts.'],
  ['Halo Low', 'Lumen', 'Cloud White', 135, false, 2,
    'A minimal white low top with a tonal heel tab and a slim, clean sole. Crafted from smooth leather, it is the kind of sneaker you reach for every single day.', { accent: '#e6e3dc', sole: '#f4efe6' }],
  ['Prism', 'Lumen', 'Sky Blue', 159, true, 3,
    'A playful chunky sneaker with layered panels in cool blue tones. The stacked sole adds a touch of height, and the padded collar keeps it comfortable from morning to night.', { accent: '#5b7fd6', sole: '#eef4fb' }],
  ['Starlight High', 'Lumen', 'Navy', 310, false, 1,
    'A sleek high top in midnight navy with a shimmering golden accent panel. The cushioned insole and padded collar make it as comfortable as it is striking.'],
  ['Moonbeam', 'Lumen', 'Cream', 125, false, 2,
    'Soft cream leather, a warm gum sole and subtle perforations give this low top a relaxed vintage feel. It gets better with age and looks great with rolled up trousers.', { accent: '#b08d6a' }],
  ['Café Court', 'Lumen', 'Tan', 115, true, 2,
    'A warm tan court sneaker with tonal laces and a cushioned insole. Designed for slow weekends, long lunches and easy strolls through town.'],
  ['Golden Hour', 'Lumen', 'Coral', 149, false, 0,
    'A sunset coloured runner with a soft foam midsole and a smooth knit upper. It blends sporty comfort with a fashion forward shape that turns heads.', { accent: '#ffc857' }],
  ['Radiance', 'Lumen', 'Mint', 179, false, 3,
    'A fresh mint platform sneaker with sculpted overlays and a deep, cushioned sole. The bold silhouette is balanced by soft tones that feel light and modern.', { accent: '#ffffff', sole: '#f7f3ea' }],
  ['Eclipse', 'Lumen', 'Black and White', 295, false, 1,
    'A striking high top that plays black against white in clean, graphic panels. Premium leather and a padded collar give it a quality feel you notice with every wear.'],
];
function paletteFor(color: string, tweak: Tweak = {}): SneakerPalette {
  const c = COLOURS[color];
  if (!c) throw new Error(`demo catalogue: no palette for colour ${color}`);
  const [upper, accent, sole, laces, background] = c;
  return { upper, accent, sole, laces, background, ...tweak };
}

export const demoShoes: DemoShoe[] = ROWS.map(
  ([name, brand, color, price, onSale, style, description, tweak], i) => ({
    name,
    brand,
    color,
    palette: paletteFor(color, tweak),
    price,
    onSale,
    description,
    sizes: stockFor(i),
    style,
  }),
);
