import type { GuideLanguage } from '@wayfarer/contracts';
import type { Category } from './categories';

/**
 * The local writer's phrasing in each guide language: the few fixed frames its sentences are
 * built on, with the facts put in by the writer (names, places, numbers, directions), so a guide in any language
 * still says only what the facts say. English is the writer's original wording, unchanged.
 */
export type Compass =
  | 'north'
  | 'north-east'
  | 'east'
  | 'south-east'
  | 'south'
  | 'south-west'
  | 'west'
  | 'north-west';

export interface Phrases {
  /** 'a landmark', 'un monument': what a place of a category is, with its article. */
  category: Record<Category, string>;
  /** A source type's noun with its article ('a castle'), when the language has one for it; else the category is said. */
  kind: Record<string, string>;
  welcome(name: string): string;
  welcomeTitle(name: string): string;
  isKind(name: string, kind: string, city: string | null, country: string | null): string;
  isIn(name: string, city: string | null, country: string | null): string;
  oneStop: string;
  /** Said once when no licensed text about the sight is there in this language (nothing is made up instead). */
  noText(name: string): string;
  thanks: string;
  stopsWalk(stops: string, walk: string, time: string): string;
  stops(stops: string): string;
  next: string;
  stop(n: number, title: string): string;
  last: string;
  walkFrom(from: string, distance: string, toward: string, time: string): string;
  changeOfScene(from: Category, to: Category): string;
  back(name: string, distance: string, ofHere: string): string;
  /** 'north' as said after a distance walked ('north', 'vers le nord') and for where a place lies ('north of here'). */
  toward: Record<Compass, string>;
  ofHere: Record<Compass, string>;
  metres(n: number): string;
  kilometres(n: string): string;
  minutes(n: number): string;
  stopCount(n: number): string;
  and: string;
  /** A cached Wikidata claim as a sentence. */
  claim: {
    inception(name: string, value: string): string;
    architect(name: string, value: string): string;
    creator(name: string, value: string): string;
    heritage(name: string, value: string): string;
    height(name: string, value: string): string;
    visitorsIn(name: string, year: string, count: string): string;
    visitorsYear(name: string, count: string): string;
  };
}

const place = (city: string | null, country: string | null) => [city, country].filter(Boolean).join(', ');
/** 'Rome (Italie)', 'Rome', 'Italie'. */
const placeParen = (city: string | null, country: string | null) =>
  city && country ? `${city} (${country})` : (city ?? country ?? '');
const placeAr = (city: string | null, country: string | null) => [city, country].filter(Boolean).join('، ');
const en1 = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Arabic counted nouns: one, two, 3-10, 11-99 and the rest take different forms (Intl.PluralRules). */
const arPlural = new Intl.PluralRules('ar');
const ar = (n: number, forms: Record<'one' | 'two' | 'few' | 'many' | 'other', string>) =>
  forms[arPlural.select(n) as keyof typeof forms].replace('#', String(n));

const EN: Phrases = {
  category: {
    landmark: 'a landmark',
    museum: 'a museum',
    scenery: 'a natural sight',
    historic: 'a historic site',
  },
  kind: {},
  welcome: (n) => `Welcome to ${n}.`,
  welcomeTitle: (n) => `Welcome to ${n}`,
  isKind: (n, k, c, co) => `${n} is ${k}${place(c, co) ? ` in ${place(c, co)}` : ''}.`,
  isIn: (n, c, co) => `${n} is in ${place(c, co)}.`,
  oneStop: 'This short guide covers this one place.',
  noText: (n) =>
    `There is no openly licensed description of ${n} in English yet, so this guide keeps to the facts.`,
  thanks: 'Thank you for listening.',
  stopsWalk: (s, w, t) => `This guide has ${s}, with about ${w} of walking, roughly ${t} on foot.`,
  stops: (s) => `This guide has ${s}.`,
  next: 'When you are ready, continue to the next stop.',
  stop: (n, t) => `Stop ${n}: ${t}.`,
  last: 'This is the last stop of the guide.',
  walkFrom: (f, d, dir, t) => `From ${f}, walk about ${d} ${dir}, roughly ${t}.`,
  changeOfScene: (a, b) => `After ${EN.category[a]}, this is ${EN.category[b]}: a change of scene.`,
  back: (n, d, dir) => `${n} is about ${d} ${dir}.`,
  toward: {
    north: 'north',
    'north-east': 'north-east',
    east: 'east',
    'south-east': 'south-east',
    south: 'south',
    'south-west': 'south-west',
    west: 'west',
    'north-west': 'north-west',
  },
  ofHere: {
    north: 'north of here',
    'north-east': 'north-east of here',
    east: 'east of here',
    'south-east': 'south-east of here',
    south: 'south of here',
    'south-west': 'south-west of here',
    west: 'west of here',
    'north-west': 'north-west of here',
  },
  metres: (n) => `${n} metres`,
  kilometres: (n) => `${n} kilometres`,
  minutes: (n) => en1(n, 'minute', 'minutes'),
  stopCount: (n) => en1(n, 'stop', 'stops'),
  and: 'and',
  claim: {
    inception: (n, v) => `${n} dates from ${/century|\ds$/.test(v) ? 'the ' : ''}${v}.`,
    architect: (n, v) => `${n} was designed by ${v}.`,
    creator: (n, v) => `${n} was created by ${v}.`,
    heritage: (n, v) => `${n} has the heritage designation ${v}.`,
    height: (n, v) => `${n} is ${v} high.`,
    visitorsIn: (n, y, c) => `In ${y}, ${n} had ${c} visitors.`,
    visitorsYear: (n, c) => `${n} has ${c} visitors a year.`,
  },
};

const FR: Phrases = {
  category: {
    landmark: 'un monument',
    museum: 'un musée',
    scenery: 'un site naturel',
    historic: 'un site historique',
  },
  kind: {
    castle: 'un château',
    palace: 'un palais',
    fortress: 'une forteresse',
    ruin: 'une ruine',
    museum: 'un musée',
    art_museum: "un musée d'art",
    history_museum: "un musée d'histoire",
    science_museum: 'un musée des sciences',
    natural_history_museum: "un muséum d'histoire naturelle",
    arboretum_botanical_garden_nature_center: 'un jardin botanique',
    mountain: 'une montagne',
    cape: 'un cap',
    waterfall: 'une cascade',
    pass: 'un col',
  },
  welcome: (n) => `Bienvenue à ${n}.`,
  welcomeTitle: (n) => `Bienvenue à ${n}`,
  isKind: (n, k, c, co) =>
    c ? `${n} est ${k} à ${placeParen(c, co)}.` : co ? `${n} est ${k} (${co}).` : `${n} est ${k}.`,
  isIn: (n, c, co) => (c ? `${n} se trouve à ${placeParen(c, co)}.` : `${n} se trouve dans ce pays : ${co}.`),
  oneStop: 'Ce court guide présente ce seul lieu.',
  noText: (n) =>
    `Il n’existe pas encore de description sous licence libre de ${n} en français : ce guide s’en tient aux faits.`,
  thanks: 'Merci de votre écoute.',
  stopsWalk: (s, w, t) => `Ce guide compte ${s}, avec environ ${w} de marche, soit à peu près ${t} à pied.`,
  stops: (s) => `Ce guide compte ${s}.`,
  next: 'Quand vous êtes prêt, continuez vers l’étape suivante.',
  stop: (n, t) => `Étape ${n} : ${t}.`,
  last: 'Voici la dernière étape du guide.',
  walkFrom: (f, d, dir, t) => `Depuis ${f}, marchez environ ${d} ${dir}, soit à peu près ${t}.`,
  changeOfScene: (a, b) => `Après ${FR.category[a]}, voici ${FR.category[b]} : un changement de décor.`,
  back: (n, d, dir) => `${n} se trouve à environ ${d} ${dir}.`,
  toward: {
    north: 'vers le nord',
    'north-east': 'vers le nord-est',
    east: 'vers l’est',
    'south-east': 'vers le sud-est',
    south: 'vers le sud',
    'south-west': 'vers le sud-ouest',
    west: 'vers l’ouest',
    'north-west': 'vers le nord-ouest',
  },
  ofHere: {
    north: 'au nord d’ici',
    'north-east': 'au nord-est d’ici',
    east: 'à l’est d’ici',
    'south-east': 'au sud-est d’ici',
    south: 'au sud d’ici',
    'south-west': 'au sud-ouest d’ici',
    west: 'à l’ouest d’ici',
    'north-west': 'au nord-ouest d’ici',
  },
  metres: (n) => `${n} mètres`,
  kilometres: (n) => `${n} kilomètres`,
  minutes: (n) => `${n} minute${n > 1 ? 's' : ''}`,
  stopCount: (n) => `${n} étape${n > 1 ? 's' : ''}`,
  and: 'et',
  claim: {
    inception: (n, v) => `${n}, date de création : ${v}.`,
    architect: (n, v) => `${n}, architecte : ${v}.`,
    creator: (n, v) => `${n}, auteur : ${v}.`,
    heritage: (n, v) => `${n}, protection patrimoniale : ${v}.`,
    height: (n, v) => `${n}, hauteur : ${v}.`,
    visitorsIn: (n, y, c) => `En ${y}, ${n} a accueilli ${c} visiteurs.`,
    visitorsYear: (n, c) => `${n} accueille ${c} visiteurs par an.`,
  },
};

const DE: Phrases = {
  category: {
    landmark: 'ein Wahrzeichen',
    museum: 'ein Museum',
    scenery: 'ein Naturdenkmal',
    historic: 'eine historische Stätte',
  },
  kind: {
    castle: 'eine Burg',
    palace: 'ein Palast',
    fortress: 'eine Festung',
    ruin: 'eine Ruine',
    museum: 'ein Museum',
    art_museum: 'ein Kunstmuseum',
    history_museum: 'ein Geschichtsmuseum',
    science_museum: 'ein Wissenschaftsmuseum',
    natural_history_museum: 'ein Naturkundemuseum',
    arboretum_botanical_garden_nature_center: 'ein botanischer Garten',
    mountain: 'ein Berg',
    cape: 'ein Kap',
    waterfall: 'ein Wasserfall',
    pass: 'ein Gebirgspass',
  },
  welcome: (n) => `Willkommen bei ${n}.`,
  welcomeTitle: (n) => `Willkommen bei ${n}`,
  isKind: (n, k, c, co) => `${n} ist ${k}${c || co ? ` in ${placeParen(c, co)}` : ''}.`,
  isIn: (n, c, co) => `${n} liegt in ${placeParen(c, co)}.`,
  oneStop: 'Dieser kurze Rundgang stellt nur diesen einen Ort vor.',
  noText: (n) =>
    `Zu ${n} gibt es noch keine frei lizenzierte Beschreibung auf Deutsch, daher bleibt dieser Rundgang bei den Fakten.`,
  thanks: 'Vielen Dank fürs Zuhören.',
  stopsWalk: (s, w, t) => `Dieser Rundgang hat ${s}, mit etwa ${w} Fußweg, ungefähr ${t} zu Fuß.`,
  stops: (s) => `Dieser Rundgang hat ${s}.`,
  next: 'Wenn Sie bereit sind, gehen Sie weiter zur nächsten Station.',
  stop: (n, t) => `Station ${n}: ${t}.`,
  last: 'Dies ist die letzte Station des Rundgangs.',
  walkFrom: (f, d, dir, t) => `Gehen Sie von ${f} aus etwa ${d} ${dir}, ungefähr ${t}.`,
  changeOfScene: (a, b) => `Nach ${DE_DATIVE[a]} folgt nun ${DE.category[b]}: ein Szenenwechsel.`,
  back: (n, d, dir) => `${n} liegt etwa ${d} ${dir}.`,
  toward: {
    north: 'nach Norden',
    'north-east': 'nach Nordosten',
    east: 'nach Osten',
    'south-east': 'nach Südosten',
    south: 'nach Süden',
    'south-west': 'nach Südwesten',
    west: 'nach Westen',
    'north-west': 'nach Nordwesten',
  },
  ofHere: {
    north: 'nördlich von hier',
    'north-east': 'nordöstlich von hier',
    east: 'östlich von hier',
    'south-east': 'südöstlich von hier',
    south: 'südlich von hier',
    'south-west': 'südwestlich von hier',
    west: 'westlich von hier',
    'north-west': 'nordwestlich von hier',
  },
  metres: (n) => `${n} Meter`,
  kilometres: (n) => `${n} Kilometer`,
  minutes: (n) => `${n} ${n === 1 ? 'Minute' : 'Minuten'}`,
  stopCount: (n) => `${n} ${n === 1 ? 'Station' : 'Stationen'}`,
  and: 'und',
  claim: {
    inception: (n, v) => `${n}, Entstehung: ${v}.`,
    architect: (n, v) => `${n}, Architektur: ${v}.`,
    creator: (n, v) => `${n}, geschaffen von: ${v}.`,
    heritage: (n, v) => `${n}, Denkmalschutz: ${v}.`,
    height: (n, v) => `${n}, Höhe: ${v}.`,
    visitorsIn: (n, y, c) => `Im Jahr ${y} kamen ${c} Besucher zu ${n}.`,
    visitorsYear: (n, c) => `${n} hat ${c} Besucher im Jahr.`,
  },
};
const DE_DATIVE: Record<Category, string> = {
  landmark: 'einem Wahrzeichen',
  museum: 'einem Museum',
  scenery: 'einem Naturdenkmal',
  historic: 'einer historischen Stätte',
};

const ES: Phrases = {
  category: {
    landmark: 'un monumento',
    museum: 'un museo',
    scenery: 'un paraje natural',
    historic: 'un lugar histórico',
  },
  kind: {
    castle: 'un castillo',
    palace: 'un palacio',
    fortress: 'una fortaleza',
    ruin: 'una ruina',
    museum: 'un museo',
    art_museum: 'un museo de arte',
    history_museum: 'un museo de historia',
    science_museum: 'un museo de ciencias',
    natural_history_museum: 'un museo de historia natural',
    arboretum_botanical_garden_nature_center: 'un jardín botánico',
    mountain: 'una montaña',
    cape: 'un cabo',
    waterfall: 'una cascada',
    pass: 'un puerto de montaña',
  },
  welcome: (n) => `Bienvenidos a ${n}.`,
  welcomeTitle: (n) => `Bienvenidos a ${n}`,
  isKind: (n, k, c, co) => `${n} es ${k}${c || co ? ` en ${placeParen(c, co)}` : ''}.`,
  isIn: (n, c, co) => `${n} está en ${placeParen(c, co)}.`,
  oneStop: 'Esta breve guía recorre solo este lugar.',
  noText: (n) =>
    `Todavía no hay una descripción con licencia libre de ${n} en español, así que esta guía se limita a los datos.`,
  thanks: 'Gracias por escuchar.',
  stopsWalk: (s, w, t) => `Esta guía tiene ${s}, con unos ${w} a pie, aproximadamente ${t} caminando.`,
  stops: (s) => `Esta guía tiene ${s}.`,
  next: 'Cuando esté listo, continúe hasta la siguiente parada.',
  stop: (n, t) => `Parada ${n}: ${t}.`,
  last: 'Esta es la última parada de la guía.',
  walkFrom: (f, d, dir, t) => `Desde ${f}, camine unos ${d} ${dir}, aproximadamente ${t}.`,
  changeOfScene: (a, b) => `Después de ${ES.category[a]}, llega ${ES.category[b]}: un cambio de escenario.`,
  back: (n, d, dir) => `${n} está a unos ${d} ${dir}.`,
  toward: {
    north: 'hacia el norte',
    'north-east': 'hacia el noreste',
    east: 'hacia el este',
    'south-east': 'hacia el sureste',
    south: 'hacia el sur',
    'south-west': 'hacia el suroeste',
    west: 'hacia el oeste',
    'north-west': 'hacia el noroeste',
  },
  ofHere: {
    north: 'al norte de aquí',
    'north-east': 'al noreste de aquí',
    east: 'al este de aquí',
    'south-east': 'al sureste de aquí',
    south: 'al sur de aquí',
    'south-west': 'al suroeste de aquí',
    west: 'al oeste de aquí',
    'north-west': 'al noroeste de aquí',
  },
  metres: (n) => `${n} metros`,
  kilometres: (n) => `${n} kilómetros`,
  minutes: (n) => `${n} ${n === 1 ? 'minuto' : 'minutos'}`,
  stopCount: (n) => `${n} ${n === 1 ? 'parada' : 'paradas'}`,
  and: 'y',
  claim: {
    inception: (n, v) => `${n}, fecha de origen: ${v}.`,
    architect: (n, v) => `${n}, arquitectura: ${v}.`,
    creator: (n, v) => `${n}, obra de: ${v}.`,
    heritage: (n, v) => `${n}, protección patrimonial: ${v}.`,
    height: (n, v) => `${n}, altura: ${v}.`,
    visitorsIn: (n, y, c) => `En ${y}, ${n} recibió ${c} visitantes.`,
    visitorsYear: (n, c) => `${n} recibe ${c} visitantes al año.`,
  },
};

const IT: Phrases = {
  category: {
    landmark: 'un monumento',
    museum: 'un museo',
    scenery: 'un luogo naturale',
    historic: 'un sito storico',
  },
  kind: {
    castle: 'un castello',
    palace: 'un palazzo',
    fortress: 'una fortezza',
    ruin: 'una rovina',
    museum: 'un museo',
    art_museum: "un museo d'arte",
    history_museum: 'un museo di storia',
    science_museum: 'un museo della scienza',
    natural_history_museum: 'un museo di storia naturale',
    arboretum_botanical_garden_nature_center: 'un orto botanico',
    mountain: 'una montagna',
    cape: 'un capo',
    waterfall: 'una cascata',
    pass: 'un passo di montagna',
  },
  welcome: (n) => `Benvenuti a ${n}.`,
  welcomeTitle: (n) => `Benvenuti a ${n}`,
  isKind: (n, k, c, co) =>
    c ? `${n} è ${k} a ${placeParen(c, co)}.` : co ? `${n} è ${k} (${co}).` : `${n} è ${k}.`,
  isIn: (n, c, co) => (c ? `${n} si trova a ${placeParen(c, co)}.` : `${n} si trova in questo paese: ${co}.`),
  oneStop: 'Questa breve guida presenta soltanto questo luogo.',
  noText: (n) =>
    `Non esiste ancora una descrizione con licenza libera di ${n} in italiano, quindi questa guida si limita ai fatti.`,
  thanks: 'Grazie per l’ascolto.',
  stopsWalk: (s, w, t) => `Questa guida ha ${s}, con circa ${w} di cammino, più o meno ${t} a piedi.`,
  stops: (s) => `Questa guida ha ${s}.`,
  next: 'Quando siete pronti, proseguite verso la tappa successiva.',
  stop: (n, t) => `Tappa ${n}: ${t}.`,
  last: 'Questa è l’ultima tappa della guida.',
  walkFrom: (f, d, dir, t) => `Da ${f}, camminate per circa ${d} ${dir}, più o meno ${t}.`,
  changeOfScene: (a, b) => `Dopo ${IT.category[a]}, ecco ${IT.category[b]}: un cambio di scena.`,
  back: (n, d, dir) => `${n} si trova a circa ${d} ${dir}.`,
  toward: {
    north: 'verso nord',
    'north-east': 'verso nord-est',
    east: 'verso est',
    'south-east': 'verso sud-est',
    south: 'verso sud',
    'south-west': 'verso sud-ovest',
    west: 'verso ovest',
    'north-west': 'verso nord-ovest',
  },
  ofHere: {
    north: 'a nord da qui',
    'north-east': 'a nord-est da qui',
    east: 'a est da qui',
    'south-east': 'a sud-est da qui',
    south: 'a sud da qui',
    'south-west': 'a sud-ovest da qui',
    west: 'a ovest da qui',
    'north-west': 'a nord-ovest da qui',
  },
  metres: (n) => `${n} metri`,
  kilometres: (n) => `${n} chilometri`,
  minutes: (n) => `${n} ${n === 1 ? 'minuto' : 'minuti'}`,
  stopCount: (n) => `${n} ${n === 1 ? 'tappa' : 'tappe'}`,
  and: 'e',
  claim: {
    inception: (n, v) => `${n}, data di origine: ${v}.`,
    architect: (n, v) => `${n}, architettura: ${v}.`,
    creator: (n, v) => `${n}, opera di: ${v}.`,
    heritage: (n, v) => `${n}, tutela del patrimonio: ${v}.`,
    height: (n, v) => `${n}, altezza: ${v}.`,
    visitorsIn: (n, y, c) => `Nel ${y}, ${n} ha accolto ${c} visitatori.`,
    visitorsYear: (n, c) => `${n} accoglie ${c} visitatori all’anno.`,
  },
};

const AR: Phrases = {
  category: {
    landmark: 'معلم بارز',
    museum: 'متحف',
    scenery: 'موقع طبيعي',
    historic: 'موقع تاريخي',
  },
  kind: {
    castle: 'قلعة',
    palace: 'قصر',
    fortress: 'حصن',
    ruin: 'أطلال',
    museum: 'متحف',
    art_museum: 'متحف فني',
    history_museum: 'متحف تاريخي',
    science_museum: 'متحف علوم',
    natural_history_museum: 'متحف للتاريخ الطبيعي',
    arboretum_botanical_garden_nature_center: 'حديقة نباتية',
    mountain: 'جبل',
    cape: 'رأس بحري',
    waterfall: 'شلال',
    pass: 'ممر جبلي',
  },
  welcome: (n) => `مرحبا بكم في ${n}.`,
  welcomeTitle: (n) => `مرحبا بكم في ${n}`,
  isKind: (n, k, c, co) => `${n} هو ${k}${c || co ? ` في ${placeAr(c, co)}` : ''}.`,
  isIn: (n, c, co) => `يقع ${n} في ${placeAr(c, co)}.`,
  oneStop: 'يتناول هذا الدليل القصير هذا المكان وحده.',
  noText: (n) => `لا يتوفر بعد وصف بترخيص مفتوح عن ${n} باللغة العربية، لذلك يقتصر هذا الدليل على الحقائق.`,
  thanks: 'شكرا لاستماعكم.',
  stopsWalk: (s, w, t) => `يضم هذا الدليل ${s}، مع نحو ${w} من المشي، أي قرابة ${t} سيرا على الأقدام.`,
  stops: (s) => `يضم هذا الدليل ${s}.`,
  next: 'عندما تكونون مستعدين، تابعوا إلى المحطة التالية.',
  stop: (n, t) => `المحطة ${n}: ${t}.`,
  last: 'هذه هي المحطة الأخيرة من الدليل.',
  walkFrom: (f, d, dir, t) => `من ${f}، امشوا نحو ${d} ${dir}، أي قرابة ${t}.`,
  changeOfScene: (a, b) => `بعد ${AR.category[a]}، هذا ${AR.category[b]}: تغيير في المشهد.`,
  back: (n, d, dir) => `يقع ${n} على بعد نحو ${d} ${dir}.`,
  toward: {
    north: 'باتجاه الشمال',
    'north-east': 'باتجاه الشمال الشرقي',
    east: 'باتجاه الشرق',
    'south-east': 'باتجاه الجنوب الشرقي',
    south: 'باتجاه الجنوب',
    'south-west': 'باتجاه الجنوب الغربي',
    west: 'باتجاه الغرب',
    'north-west': 'باتجاه الشمال الغربي',
  },
  ofHere: {
    north: 'شمال هذا المكان',
    'north-east': 'شمال شرق هذا المكان',
    east: 'شرق هذا المكان',
    'south-east': 'جنوب شرق هذا المكان',
    south: 'جنوب هذا المكان',
    'south-west': 'جنوب غرب هذا المكان',
    west: 'غرب هذا المكان',
    'north-west': 'شمال غرب هذا المكان',
  },
  metres: (n) => ar(n, { one: 'متر واحد', two: 'متران', few: '# أمتار', many: '# مترا', other: '# متر' }),
  kilometres: (n) => `${n} كيلومتر`,
  minutes: (n) =>
    ar(n, { one: 'دقيقة واحدة', two: 'دقيقتان', few: '# دقائق', many: '# دقيقة', other: '# دقيقة' }),
  stopCount: (n) =>
    ar(n, { one: 'محطة واحدة', two: 'محطتين', few: '# محطات', many: '# محطة', other: '# محطة' }),
  and: 'و',
  claim: {
    inception: (n, v) => `${n}، تاريخ الإنشاء: ${v}.`,
    architect: (n, v) => `${n}، التصميم المعماري: ${v}.`,
    creator: (n, v) => `${n}، من إبداع: ${v}.`,
    heritage: (n, v) => `${n}، تصنيف التراث: ${v}.`,
    height: (n, v) => `${n}، الارتفاع: ${v}.`,
    visitorsIn: (n, y, c) => `في عام ${y}، استقبل ${n} ${c} زائر.`,
    visitorsYear: (n, c) => `يستقبل ${n} ${c} زائر سنويا.`,
  },
};

export const PHRASES: Record<GuideLanguage, Phrases> = { en: EN, fr: FR, de: DE, es: ES, it: IT, ar: AR };

export const phrasesFor = (language: string | undefined): Phrases =>
  PHRASES[(language ?? 'en') as GuideLanguage] ?? EN;

/** A list said with the language's 'and' ('Vespasian and Titus', 'Vespasian et Titus'; Arabic joins 'و' to the word). */
export function andList(v: string, language = 'en'): string {
  const parts = v.split(', ');
  if (parts.length < 2) return v;
  const and = phrasesFor(language).and;
  const last = parts[parts.length - 1];
  return language === 'ar'
    ? `${parts.slice(0, -1).join('، ')} و${last}`
    : `${parts.slice(0, -1).join(', ')} ${and} ${last}`;
}

const regionCodes = (() => {
  const out: string[] = [];
  const A = 'A'.charCodeAt(0);
  for (let i = 0; i < 26; i++)
    for (let j = 0; j < 26; j++) out.push(String.fromCharCode(A + i) + String.fromCharCode(A + j));
  return out;
})();
let englishRegions: Map<string, string> | null = null;

/**
 * A country's name in another language ('Italy' → 'Italie'), through Intl.DisplayNames (the runtime's CLDR data):
 * the English name is looked up among the region codes, then named in the language. Unknown names stay as they are.
 */
export function countryIn(country: string, language: string): string {
  if (language === 'en') return country;
  if (!englishRegions) {
    const en = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
    englishRegions = new Map();
    for (const code of regionCodes) {
      const name = en.of(code);
      if (name && !englishRegions.has(name.toLowerCase())) englishRegions.set(name.toLowerCase(), code);
    }
  }
  const code = englishRegions.get(country.trim().toLowerCase());
  if (!code) return country;
  return new Intl.DisplayNames(language, { type: 'region', fallback: 'none' }).of(code) ?? country;
}
