// The load harness's native clients (`skald loadtest --client native`): the same players and
// spectators as tools/loadtest/clients.py, written against grpc++'s generic stub so that the
// load generator spends a small part of the machine it measures. The server is Python; this
// is a measuring tool only (why: tools/loadtest/native.py).
//
// Messages are coded by hand on the protobuf wire (only the fields a player or a spectator
// reads or sends); a legal command is sent back as the bytes it came in, never decoded.
//
//   loadclient race     ADDRESSES GAMES_FILE PLAYERS START_AT STOP_AT SEED [RATE]
//   loadclient spectate ADDRESSES GAMES_FILE COUNT START_AT STOP_AT
//
// ADDRESSES is comma-separated; GAMES_FILE holds one game per line ("id token" for race, "id"
// for spectate); times are Unix seconds. One JSON object is printed on stdout at the end.

#include <grpcpp/alarm.h>
#include <grpcpp/generic/generic_stub.h>
#include <grpcpp/grpcpp.h>
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

using Bytes = std::string;
using Stub = grpc::GenericStub;

// ------------------------------------------------------------------ protobuf wire, by hand

void put_varint(Bytes& out, uint64_t value) {
  while (value >= 0x80) {
    out.push_back(static_cast<char>((value & 0x7f) | 0x80));
    value >>= 7;
  }
  out.push_back(static_cast<char>(value));
}

void put_key(Bytes& out, int field, int wire) { put_varint(out, (uint64_t(field) << 3) | wire); }

void put_int(Bytes& out, int field, int64_t value) {
  put_key(out, field, 0);
  put_varint(out, static_cast<uint64_t>(value));
}

void put_bytes(Bytes& out, int field, const Bytes& value) {
  put_key(out, field, 2);
  put_varint(out, value.size());
  out += value;
}

// One field of a message being read: its number, wire type, and value (varint or bytes).
struct Field {
  int number = 0;
  int wire = 0;
  uint64_t varint = 0;
  Bytes bytes;
};

class Reader {
 public:
  explicit Reader(const Bytes& data) : p_(data.data()), end_(data.data() + data.size()) {}

  bool next(Field& field) {
    if (p_ >= end_) return false;
    uint64_t key = 0;
    if (!varint(key)) return false;
    field.number = static_cast<int>(key >> 3);
    field.wire = static_cast<int>(key & 7);
    field.bytes.clear();
    switch (field.wire) {
      case 0:
        return varint(field.varint);
      case 1:
        return skip(8);
      case 2: {
        uint64_t size = 0;
        if (!varint(size) || static_cast<uint64_t>(end_ - p_) < size) return false;
        field.bytes.assign(p_, size);
        p_ += size;
        return true;
      }
      case 5:
        return skip(4);
      default:
        return false;
    }
  }

 private:
  bool varint(uint64_t& value) {
    value = 0;
    for (int shift = 0; shift < 64 && p_ < end_; shift += 7) {
      uint8_t byte = static_cast<uint8_t>(*p_++);
      value |= uint64_t(byte & 0x7f) << shift;
      if (!(byte & 0x80)) return true;
    }
    return false;
  }
  bool skip(size_t n) {
    if (static_cast<size_t>(end_ - p_) < n) return false;
    p_ += n;
    return true;
  }
  const char* p_;
  const char* end_;
};

std::vector<int64_t> packed(const Field& field) {
  std::vector<int64_t> out;
  if (field.wire == 0) {
    out.push_back(static_cast<int64_t>(field.varint));
    return out;
  }
  const char* p = field.bytes.data();  // a packed run: varints back to back
  const char* end = p + field.bytes.size();
  while (p < end) {
    uint64_t value = 0;
    for (int shift = 0; shift < 64 && p < end; shift += 7) {
      uint8_t byte = static_cast<uint8_t>(*p++);
      value |= uint64_t(byte & 0x7f) << shift;
      if (!(byte & 0x80)) break;
    }
    out.push_back(static_cast<int64_t>(value));
  }
  return out;
}

grpc::ByteBuffer to_buffer(const Bytes& bytes) {
  grpc::Slice slice(bytes);
  return grpc::ByteBuffer(&slice, 1);
}

Bytes from_buffer(const grpc::ByteBuffer& buffer) {
  std::vector<grpc::Slice> slices;
  Bytes out;
  if (!buffer.Dump(&slices).ok()) return out;
  for (const auto& s : slices) out.append(reinterpret_cast<const char*>(s.begin()), s.size());
  return out;
}

// ------------------------------------------------------------------ the messages used

struct View {
  std::vector<int64_t> to_act;
  bool finished = false;
};

View parse_view(const Bytes& data) {  // GetViewResponse: to_act 4, finished 5
  View view;
  Reader r(data);
  Field f;
  while (r.next(f)) {
    if (f.number == 4) {
      for (int64_t seat : packed(f)) view.to_act.push_back(seat);
    }
    if (f.number == 5 && f.wire == 0) view.finished = f.varint != 0;
  }
  return view;
}

struct Legal {
  int64_t version = 0;
  std::vector<Bytes> commands;
};

Legal parse_legal(const Bytes& data) {  // ListLegalCommandsResponse: version 1, commands 2
  Legal legal;
  Reader r(data);
  Field f;
  while (r.next(f)) {
    if (f.number == 1 && f.wire == 0) legal.version = static_cast<int64_t>(f.varint);
    if (f.number == 2 && f.wire == 2) legal.commands.push_back(f.bytes);
  }
  return legal;
}

struct Event {
  int64_t version = 0;
  Bytes hash;
  Bytes at;
};

Event parse_event(const Bytes& data) {  // GameEvent: version 1, hash 10, at 11
  Event event;
  Reader r(data);
  Field f;
  while (r.next(f)) {
    if (f.number == 1 && f.wire == 0) event.version = static_cast<int64_t>(f.varint);
    if (f.number == 10 && f.wire == 2) event.hash = f.bytes;
    if (f.number == 11 && f.wire == 2) event.at = f.bytes;
  }
  return event;
}

std::vector<Event> parse_submitted(const Bytes& data) {  // SubmitCommandResponse: events 2
  std::vector<Event> events;
  Reader r(data);
  Field f;
  while (r.next(f)) {
    if (f.number == 2 && f.wire == 2) events.push_back(parse_event(f.bytes));
  }
  return events;
}

// ------------------------------------------------------------------ time, JSON, names

double now() {
  using namespace std::chrono;
  return duration<double>(system_clock::now().time_since_epoch()).count();
}

double perf() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

void sleep_until(double at) {
  double wait = at - now();
  if (wait > 0) std::this_thread::sleep_for(std::chrono::duration<double>(wait));
}

double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec +
         (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

// "2026-12-01T21:00:00.123456+00:00" (Python's isoformat of an aware UTC time) → Unix seconds.
double epoch(const Bytes& at) {
  std::tm tm{};
  int year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0;
  if (std::sscanf(at.c_str(), "%d-%d-%dT%d:%d:%d", &year, &month, &day, &hour, &minute,
                  &second) != 6)
    return 0.0;
  tm.tm_year = year - 1900;
  tm.tm_mon = month - 1;
  tm.tm_mday = day;
  tm.tm_hour = hour;
  tm.tm_min = minute;
  tm.tm_sec = second;
  double seconds = static_cast<double>(timegm(&tm));
  size_t dot = at.find('.');
  if (dot != Bytes::npos) {
    double scale = 0.1;
    for (size_t i = dot + 1; i < at.size() && isdigit(static_cast<unsigned char>(at[i])); ++i) {
      seconds += (at[i] - '0') * scale;
      scale /= 10;
    }
  }
  size_t zone = at.find_first_of("+-", 19);
  if (zone != Bytes::npos) {
    int zh = 0, zm = 0;
    if (std::sscanf(at.c_str() + zone + 1, "%d:%d", &zh, &zm) == 2) {
      double offset = zh * 3600.0 + zm * 60.0;
      seconds += at[zone] == '+' ? -offset : offset;
    }
  }
  return seconds;
}

bool retryable(grpc::StatusCode code) {
  return code == grpc::StatusCode::UNAVAILABLE || code == grpc::StatusCode::DEADLINE_EXCEEDED ||
         code == grpc::StatusCode::CANCELLED;
}

bool internal(grpc::StatusCode code) {
  return code == grpc::StatusCode::INTERNAL || code == grpc::StatusCode::UNKNOWN;
}

void json_numbers(std::ostringstream& out, const char* name, const std::vector<double>& values) {
  out << "\"" << name << "\":[";
  for (size_t i = 0; i < values.size(); ++i) out << (i ? "," : "") << values[i];
  out << "]";
}

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  std::string part;
  while (std::getline(in, part, sep))
    if (!part.empty()) parts.push_back(part);
  return parts;
}

std::shared_ptr<grpc::Channel> channel(const std::string& address) {
  grpc::ChannelArguments args;
  args.SetInt("grpc.use_local_subchannel_pool", 1);  // a connection of its own per player
  args.SetMaxReceiveMessageSize(64 << 20);
  return grpc::CreateCustomChannel(address, grpc::InsecureChannelCredentials(), args);
}

const char* const kMethod = "/skald.v1.Skald/";

// Shut ``queue`` down and take what is left on it (a queue is destroyed empty).
void drain(grpc::CompletionQueue& queue) {
  queue.Shutdown();
  void* tag = nullptr;
  bool ok = false;
  while (queue.Next(&tag, &ok)) {
  }
}

// ------------------------------------------------------------------ race

struct Tally {
  long commands = 0, conflicts = 0, refused = 0, retried = 0, internal_errors = 0;
  std::vector<double> submit_ms, other_ms;
  std::ostringstream acks;
  bool first_ack = true;
};

std::string hex_id(std::mt19937_64& rng) {
  static const char digits[] = "0123456789abcdef";
  std::string id(32, '0');
  for (auto& c : id) c = digits[rng() & 15];
  return id;
}

// One player: the Python racer's thread, as a chain of calls on the racer's one completion
// queue (a thread per player cost more in hand-offs than the calls themselves). It goes round
// its games: GetView, ListLegalCommands for a seat to act, SubmitCommand of a random legal
// command with the version it was listed at; a call whose outcome is unknown is sent again
// with the same command id.
struct Player {
  enum class Step { kWait, kView, kLegal, kSubmit };
  Step step = Step::kWait;
  std::unique_ptr<Stub> stub;
  std::vector<std::pair<std::string, std::string>> games;
  std::vector<bool> done;
  size_t finished = 0, next = 0, current = 0;
  std::mt19937_64 rng;
  double every = 0.0, next_at = 0.0, started = 0.0, viewed = 0.0, submitted = 0.0;
  int64_t seat = 0;
  Bytes submit_request;
  long retried = 0;
  std::unique_ptr<grpc::ClientContext> context;
  std::unique_ptr<grpc::ClientAsyncResponseReader<grpc::ByteBuffer>> reader;
  grpc::ByteBuffer response;
  grpc::Status status;
  grpc::Alarm alarm;
};

int race(const std::vector<std::string>& addresses, const std::string& games_file, int count,
         double start_at, double stop_at, long seed, double rate) {
  std::vector<std::pair<std::string, std::string>> games;
  std::ifstream in(games_file);
  std::string id, token;
  while (in >> id >> token) games.emplace_back(id, token);
  Tally tally;
  grpc::CompletionQueue queue;
  std::mt19937_64 ids(std::random_device{}());
  std::vector<std::unique_ptr<Player>> players;
  for (int index = 0; index < count; ++index) {
    auto p = std::make_unique<Player>();
    p->stub = std::make_unique<Stub>(channel(addresses[index % addresses.size()]));
    p->rng.seed(static_cast<uint64_t>(seed * 1000 + index));
    for (size_t i = 0; i < games.size(); ++i)
      if (static_cast<int>(i % count) == index) p->games.push_back(games[i]);
    if (seed % 2) std::reverse(p->games.begin(), p->games.end());  // the other way round
    p->done.assign(p->games.size(), false);
    p->every = rate > 0 ? count / rate : 0.0;
    p->next_at = start_at + p->every * index / count;
    players.push_back(std::move(p));
  }

  auto call = [&](Player& p, const char* method, const Bytes& request, Player::Step step) {
    p.reader.reset();  // the last call's reader goes before the context it used
    p.context = std::make_unique<grpc::ClientContext>();
    p.context->AddMetadata("authorization", "Bearer " + p.games[p.current].second);
    p.context->set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(5));
    p.step = step;
    p.reader = p.stub->PrepareUnaryCall(p.context.get(), std::string(kMethod) + method,
                                        to_buffer(request), &queue);
    p.reader->StartCall();
    p.reader->Finish(&p.response, &p.status, &p);
  };
  auto wait = [&](Player& p, double at) {
    p.step = Player::Step::kWait;
    p.alarm.Set(&queue,
                std::chrono::system_clock::now() +
                    std::chrono::microseconds(static_cast<long>(std::max(0.0, at - now()) * 1e6)),
                &p);
  };
  size_t live = players.size();
  // The next game of ``p`` (round and round its games), or its end.
  auto advance = [&](Player& p) {
    if (now() >= stop_at || p.finished >= p.games.size()) {
      --live;
      return;
    }
    while (p.done[p.next]) p.next = (p.next + 1) % p.games.size();
    p.current = p.next;
    p.next = (p.next + 1) % p.games.size();
    Bytes request;
    put_bytes(request, 1, p.games[p.current].first);
    p.started = perf();
    call(p, "GetView", request, Player::Step::kView);
  };
  // The next attempt of ``p``: at its pace (``rate``), or at once.
  auto paced = [&](Player& p) {
    if (p.every > 0) {
      p.next_at = std::max(p.next_at + p.every, now() - p.every);
      wait(p, p.next_at);
    } else {
      advance(p);
    }
  };
  auto refused = [&](Player& p) {
    (internal(p.status.error_code()) ? tally.internal_errors : tally.refused) += 1;
    wait(p, now() + 0.05);
  };

  for (auto& p : players) wait(*p, std::max(start_at, p->next_at));
  sleep_until(start_at);
  double cpu = cpu_seconds();
  while (live > 0) {
    void* tag = nullptr;
    bool ok = false;
    if (!queue.Next(&tag, &ok)) break;
    Player& p = *static_cast<Player*>(tag);
    switch (p.step) {
      case Player::Step::kWait:
        if (!p.submit_request.empty()) {  // a retry of an unknown outcome
          call(p, "SubmitCommand", p.submit_request, Player::Step::kSubmit);
        } else {
          advance(p);
        }
        break;
      case Player::Step::kView: {
        p.viewed = perf();
        if (!p.status.ok()) {
          refused(p);
          break;
        }
        View view = parse_view(from_buffer(p.response));
        if (view.finished || view.to_act.empty()) {
          p.done[p.current] = true;
          ++p.finished;
          advance(p);
          break;
        }
        p.seat = view.to_act[p.rng() % view.to_act.size()];
        Bytes request;
        put_bytes(request, 1, p.games[p.current].first);
        put_int(request, 2, p.seat);
        call(p, "ListLegalCommands", request, Player::Step::kLegal);
        break;
      }
      case Player::Step::kLegal: {
        double listed = perf();
        if (!p.status.ok()) {
          refused(p);
          break;
        }
        Legal legal = parse_legal(from_buffer(p.response));
        tally.other_ms.push_back((p.viewed - p.started) * 1000);
        tally.other_ms.push_back((listed - p.viewed) * 1000);
        if (legal.commands.empty()) {
          paced(p);
          break;
        }
        p.submit_request.clear();
        put_bytes(p.submit_request, 1, p.games[p.current].first);
        put_int(p.submit_request, 2, p.seat);
        put_bytes(p.submit_request, 3, legal.commands[p.rng() % legal.commands.size()]);
        put_int(p.submit_request, 4, legal.version);
        put_bytes(p.submit_request, 5, hex_id(ids));
        p.submitted = perf();
        p.retried = 0;
        call(p, "SubmitCommand", p.submit_request, Player::Step::kSubmit);
        break;
      }
      case Player::Step::kSubmit: {
        grpc::StatusCode code = p.status.error_code();
        if (!p.status.ok() && retryable(code) && now() <= stop_at + 20) {
          ++p.retried;
          wait(p, now() + 0.1);  // submit_request kept: the same command id again
          break;
        }
        double answered = perf();
        Bytes game_id = p.games[p.current].first;
        p.submit_request.clear();
        tally.retried += p.retried;
        if (!p.status.ok()) {
          (code == grpc::StatusCode::ABORTED ? tally.conflicts
           : internal(code)                  ? tally.internal_errors
                                             : tally.refused) += 1;
        } else {
          tally.commands += 1;
          tally.submit_ms.push_back((answered - p.submitted) * 1000);
          for (const auto& e : parse_submitted(from_buffer(p.response))) {
            tally.acks << (tally.first_ack ? "" : ",") << "[\"" << game_id << "\"," << e.version
                       << ",\"" << e.hash << "\"]";
            tally.first_ack = false;
          }
        }
        paced(p);
        break;
      }
    }
  }
  cpu = cpu_seconds() - cpu;
  drain(queue);
  std::ostringstream out;
  out.precision(6);
  out << "{\"commands\":" << tally.commands << ",\"conflicts\":" << tally.conflicts
      << ",\"refused\":" << tally.refused << ",\"retried\":" << tally.retried
      << ",\"internal\":" << tally.internal_errors << ",\"cpu_s\":" << cpu << ",";
  json_numbers(out, "submit_ms", tally.submit_ms);
  out << ",";
  json_numbers(out, "other_ms", tally.other_ms);
  out << ",\"acks\":[" << tally.acks.str() << "]}\n";
  std::fputs(out.str().c_str(), stdout);
  return 0;
}

// ------------------------------------------------------------------ spectate

// One WatchGame stream, driven on the spectators' completion queue: start, send the request,
// close the sending side, then read until the stream ends; a broken stream is opened again
// after its last version (an alarm 0.1 s later).
struct Watch {
  enum class Step { kStart, kWrite, kWritesDone, kRead, kFinish, kAlarm };
  std::string game_id;
  size_t index = 0;  // which stub it opens on
  int64_t position = 0;
  double opened = 1e300;  // delivery is timed once the stream is live (its first event)
  Step step = Step::kStart;
  std::unique_ptr<grpc::ClientContext> context;
  std::unique_ptr<grpc::GenericClientAsyncReaderWriter> call;
  grpc::ByteBuffer buffer;
  grpc::Status status;
  grpc::Alarm alarm;
};

int spectate(const std::vector<std::string>& addresses, const std::string& games_file, int count,
             double start_at, double stop_at) {
  std::vector<std::string> games;
  std::ifstream in(games_file);
  std::string id;
  while (in >> id) games.push_back(id);
  if (games.empty()) count = 0;
  std::vector<std::unique_ptr<Stub>> stubs;
  for (int i = 0; i < std::min(count, 8); ++i)
    stubs.push_back(std::make_unique<Stub>(channel(addresses[i % addresses.size()])));
  grpc::CompletionQueue queue;
  std::vector<std::unique_ptr<Watch>> watches;
  long events = 0, gaps = 0, duplicates = 0, internal_errors = 0, reconnects = 0;
  std::vector<double> delivery_ms;
  std::map<std::string, std::map<int64_t, std::string>> seen;
  std::atomic<bool> stopping{false};
  std::mutex contexts;  // the main thread cancels what the queue's thread opens

  auto open = [&](Watch& w) {
    std::lock_guard<std::mutex> guard(contexts);
    w.call.reset();  // the last stream goes before the context it used
    w.context = std::make_unique<grpc::ClientContext>();
    if (stopping) w.context->TryCancel();
    w.call = stubs[w.index % stubs.size()]->PrepareCall(
        w.context.get(), std::string(kMethod) + "WatchGame", &queue);
    w.step = Watch::Step::kStart;
    w.call->StartCall(&w);
  };
  for (int i = 0; i < count; ++i) {
    watches.push_back(std::make_unique<Watch>());
    watches.back()->game_id = games[i % games.size()];
    watches.back()->index = static_cast<size_t>(i);
    open(*watches.back());
  }
  std::thread stopper([&] {
    sleep_until(stop_at);
    std::lock_guard<std::mutex> guard(contexts);
    stopping = true;
    for (auto& w : watches)
      if (w->context) w->context->TryCancel();
  });

  double cpu = 0.0;
  bool cpu_started = false;
  size_t live = watches.size();
  while (live > 0) {
    void* tag = nullptr;
    bool ok = false;
    if (!queue.Next(&tag, &ok)) break;
    if (!cpu_started && now() >= start_at) {
      cpu = cpu_seconds();
      cpu_started = true;
    }
    Watch& w = *static_cast<Watch*>(tag);
    switch (w.step) {
      case Watch::Step::kStart:
      case Watch::Step::kWrite:
      case Watch::Step::kWritesDone:
        if (!ok) {
          w.step = Watch::Step::kFinish;
          w.call->Finish(&w.status, &w);
        } else if (w.step == Watch::Step::kStart) {
          Bytes request;
          put_bytes(request, 1, w.game_id);
          put_int(request, 2, w.position);
          w.step = Watch::Step::kWrite;
          w.call->Write(to_buffer(request), &w);
        } else if (w.step == Watch::Step::kWrite) {
          w.step = Watch::Step::kWritesDone;
          w.call->WritesDone(&w);
        } else {
          w.step = Watch::Step::kRead;
          w.call->Read(&w.buffer, &w);
        }
        break;
      case Watch::Step::kRead:
        if (!ok) {
          w.step = Watch::Step::kFinish;
          w.call->Finish(&w.status, &w);
          break;
        }
        {
          double received = now();
          Event e = parse_event(from_buffer(w.buffer));
          if (e.version <= w.position) {
            ++duplicates;
          } else {
            if (e.version != w.position + 1) ++gaps;
            w.position = e.version;
            w.opened = std::min(w.opened, received);
            ++events;
            seen[w.game_id].emplace(e.version, e.hash);
            double written = epoch(e.at);
            if (written > w.opened) delivery_ms.push_back((received - written) * 1000);
          }
        }
        w.call->Read(&w.buffer, &w);
        break;
      case Watch::Step::kFinish:
        if (w.status.ok() || stopping || now() >= stop_at) {  // ended, or the run is over
          --live;
          break;
        }
        if (internal(w.status.error_code())) ++internal_errors;
        ++reconnects;
        w.step = Watch::Step::kAlarm;
        w.alarm.Set(&queue, std::chrono::system_clock::now() + std::chrono::milliseconds(100),
                    &w);
        break;
      case Watch::Step::kAlarm:
        if (stopping || now() >= stop_at) {
          --live;
        } else {
          open(w);
        }
        break;
    }
  }
  stopper.join();
  cpu = cpu_started ? cpu_seconds() - cpu : 0.0;
  drain(queue);
  std::ostringstream out;
  out.precision(6);
  out << "{\"events\":" << events << ",\"gaps\":" << gaps << ",\"duplicates\":" << duplicates
      << ",\"internal\":" << internal_errors << ",\"reconnects\":" << reconnects
      << ",\"cpu_s\":" << cpu << ",";
  json_numbers(out, "delivery_ms", delivery_ms);
  out << ",\"seen\":{";
  bool first_game = true;
  for (const auto& [game, versions] : seen) {
    out << (first_game ? "" : ",") << "\"" << game << "\":{";
    first_game = false;
    bool first = true;
    for (const auto& [version, hash] : versions) {
      out << (first ? "" : ",") << "\"" << version << "\":\"" << hash << "\"";
      first = false;
    }
    out << "}";
  }
  out << "}}\n";
  std::fputs(out.str().c_str(), stdout);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() == 7 && args[0] == "race") {
    return race(split(args[1], ','), args[2], std::stoi(args[3]), std::stod(args[4]),
                std::stod(args[5]), std::stol(args[6]), 0.0);
  }
  if (args.size() == 8 && args[0] == "race") {
    return race(split(args[1], ','), args[2], std::stoi(args[3]), std::stod(args[4]),
                std::stod(args[5]), std::stol(args[6]), std::stod(args[7]));
  }
  if (args.size() == 6 && args[0] == "spectate") {
    return spectate(split(args[1], ','), args[2], std::stoi(args[3]), std::stod(args[4]),
                    std::stod(args[5]));
  }
  std::fputs(
      "usage: loadclient race ADDRESSES GAMES_FILE PLAYERS START_AT STOP_AT SEED [RATE]\n"
      "       loadclient spectate ADDRESSES GAMES_FILE COUNT START_AT STOP_AT\n",
      stderr);
  return 2;
}
